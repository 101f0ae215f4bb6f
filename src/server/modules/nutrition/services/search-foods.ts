import type { Locale } from '#core/common/schemas';
import type { FoodDto, FoodList, FoodSearchQuery } from '#core/nutrition';
import { foodById, searchFoods, type Food } from '#core/nutrition/foods';
import { AppError } from '#server/lib/app-error';
import { keptAnswers } from '#server/lib/kept-answers';

// The table is code: each food's answer in each language is built once and reused.
const cache: Record<Locale, Map<string, FoodDto>> = { en: new Map(), zh: new Map() };

function toFoodDto(food: Food, locale: Locale): FoodDto {
  let dto = cache[locale].get(food.id);
  if (!dto) {
    const other: Locale = locale === 'en' ? 'zh' : 'en';
    dto = {
      id: food.id,
      name: food.name[locale],
      otherName: food.name[other],
      category: food.category,
      per100g: { ...food.per100g },
      portions: food.portions.map((p, index) => ({ index, label: p.unit[locale], grams: p.grams })),
    };
    cache[locale].set(food.id, dto);
  }
  return dto;
}

/** Fuzzy search of the food table in both languages, best match first (see searchFoods), serialised and kept. */
export const findFoods = keptAnswers(
  (query: FoodSearchQuery): FoodList => ({ items: searchFoods(query.q, query.locale, query.limit).map((f) => toFoodDto(f, query.locale)) }),
  (query) => `${query.locale} ${query.limit} ${query.q}`,
);

export function getFood(id: string, locale: Locale): FoodDto {
  const food = foodById(id);
  if (!food) throw AppError.notFound('Food', id);
  return toFoodDto(food, locale);
}
