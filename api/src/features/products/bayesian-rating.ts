/**
 * "Best rated" (GET /products?sort=rating) ranks by a Bayesian average: each product's counted reviews
 * (product-repository.ts, countedValorations) pulled towards a prior of PRIOR_STARS as if it had
 * PRIOR_REVIEWS reviews of that many stars more:
 *
 *   score = (PRIOR_REVIEWS * PRIOR_STARS + sum of stars) / (PRIOR_REVIEWS + number of reviews)
 *
 * One 5-star review scores (5 * 3.5 + 5) / 6 = 3.75; eight averaging 4.88 score (5 * 3.5 + 39) / 13 = 4.35,
 * so a single lucky review no longer tops many good ones, and the more reviews a product has the closer its
 * score comes to its plain average. The prior is fixed rather than the catalogue's mean, so a product's place
 * moves only with its own reviews and the order can be explained in one sentence (README, "Best rated").
 * The rating shown (average, count) stays the plain average: the prior only orders.
 */
export const PRIOR_STARS = 3.5;
export const PRIOR_REVIEWS = 5;

/** The ranking score of a product with `reviews` counted reviews adding up to `stars`; null without reviews. */
export function bayesianScore(stars: number, reviews: number): number | null {
  if (reviews <= 0) return null;
  return (PRIOR_REVIEWS * PRIOR_STARS + stars) / (PRIOR_REVIEWS + reviews);
}
