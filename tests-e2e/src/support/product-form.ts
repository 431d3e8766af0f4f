import type { Page } from '@playwright/test';

/** The product form's photo picker, named by its button: "Choose photos", then "Add photos (7 more)". */
export const photoPicker = (page: Page) => page.getByLabel(/^(Choose photos|Add photos)/);

/** The form's preview of its nth photo (1 is the cover). */
export const photoPreview = (page: Page, n: number) => page.getByRole('img', { name: `Photo ${n}`, exact: true });
