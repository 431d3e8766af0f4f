import type { ApiRequest, UploadProgress } from '@linkhunt/shared-ui/features/api/api-client.ts';

/** A request as the fake API sees it: base URL and token applied, the body as it goes out. */
export type FakeRequest = ApiRequest;

/** The multipart body of a request; fails the test when the body is anything else. */
export function formDataOf(request: FakeRequest | undefined): FormData {
  const data: unknown = request?.data;
  if (!(data instanceof FormData)) throw new Error(`expected a multipart body, got ${String(data)}`);
  return data;
}

/** The fields of a multipart body as name → every value, text as text and files as the File itself. */
export function entriesOf(form: FormData): Record<string, (string | File)[]> {
  const entries: Record<string, (string | File)[]> = {};
  for (const [name, value] of form.entries()) (entries[name] ??= []).push(value);
  return entries;
}

/** The text of the elements an element's aria-describedby points at, joined by a space. */
export function descriptionOf(element: Element): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** Upload progress of `loaded` bytes out of `total`. */
export function uploadProgress(loaded: number, total: number): UploadProgress {
  return { loaded, total, progress: loaded / total };
}
