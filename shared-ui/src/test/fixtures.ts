import type { Brand } from '@linkhunt/contracts/brand';
import type { ProductSummary } from '@linkhunt/contracts/product';
import type { OwnUser, PublicUser } from '@linkhunt/contracts/user';
import type { CategoryWithProducts } from '@linkhunt/contracts/with-products';

export function aProduct(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 1,
    slug: 'retro-runner',
    title: 'Retro Runner sneakers',
    brand: { id: 3, slug: 'nike', name: 'Nike', image: 'brands/nike.webp' },
    description: 'Comfortable running shoes',
    language: 'en',
    image: 'products/retro-runner.webp',
    thumbnail: 'products/retro-runner-thumb.webp',
    categories: [{ id: 8, slug: 'sneakers', name: 'Sneakers' }],
    colors: ['white'],
    downloads: 42,
    hidden: 0,
    rating: { average: 4.2, count: 7 },
    created_at: '2024-05-01T10:00:00Z',
    platforms: [],
    // Not judged yet: no "verified" mark nor "no longer works" notice unless a test asks for one.
    link_state: 'unknown',
    links_checked_at: null,
    source_item: null,
    price: null,
    ...overrides,
  };
}

export function aUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    name: 'Ana Pérez',
    username: 'ana_hunts',
    biography: null,
    language: 'en',
    coupon: null,
    avatar: 'avatars/ana.png',
    points: 1600,
    num_products: 50,
    num_valorations: 30,
    created_at: '2024-02-01T10:00:00Z',
    ...overrides,
  };
}

/** The signed-in user's own record (GET /auth/check): the public fields plus email, role and their agent (none). */
export function anOwnUser(overrides: Partial<OwnUser> = {}): OwnUser {
  return { ...aUser(), email: 'ana@example.com', role: 'user', verified: true, preferred_agent: null, preferred_currency: null, ...overrides };
}

export function aBrand(overrides: Partial<Brand> = {}): Brand {
  return { id: 3, slug: 'nike', name: 'Nike', image: 'brands/nike.webp', num_products: 12, ...overrides };
}

export function aCategory(productCount: number, overrides: Partial<CategoryWithProducts> = {}): CategoryWithProducts {
  return {
    id: 1,
    slug: 'camisetas-y-tops',
    name: 'Camisetas y Tops',
    products: {
      data: Array.from({ length: productCount }, (_, index) =>
        aProduct({
          id: index + 1,
          slug: `shirt-${index + 1}`,
          title: `Shirt ${index + 1}`,
          thumbnail: `products/shirt-${index + 1}.webp`,
        }),
      ),
    },
    ...overrides,
  };
}
