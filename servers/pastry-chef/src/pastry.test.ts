import { describe, expect, it } from 'vitest';
import {
  bakeStage,
  bakingMinutes,
  buildCritiqueRequest,
  completeRecipeName,
  FILLING_FORM,
  parseCritique,
  planFilling,
  RECIPE_BOOK,
  resolveRecipe,
} from './pastry.js';

describe('resolveRecipe', () => {
  it('finds a recipe from the book by name in any case', () => {
    expect(resolveRecipe('  Lemon Tart ')).toEqual(RECIPE_BOOK[1]);
  });

  it('treats anything else as the text of a recipe of its own', () => {
    expect(resolveRecipe('Mix flour and water. Bake.')).toEqual({
      name: 'your recipe',
      text: 'Mix flour and water. Bake.',
    });
  });
});

describe('completeRecipeName', () => {
  it('offers the recipes whose names start with what was typed', () => {
    expect(completeRecipeName('')).toEqual(RECIPE_BOOK.map((recipe) => recipe.name));
    expect(completeRecipeName(' LEM')).toEqual(['lemon tart']);
    expect(completeRecipeName('x')).toEqual([]);
  });
});

describe('bakingMinutes', () => {
  it('reads the baking time from a recipe, skipping a blind-bake', () => {
    expect(RECIPE_BOOK.map(bakingMinutes)).toEqual([30, 25, 15]);
    expect(bakingMinutes({ name: 'mystery', text: 'Mix and serve.' })).toBeUndefined();
  });
});

describe('buildCritiqueRequest', () => {
  it('puts the recipe in the prompt, spells out the answer format and states model preferences', () => {
    const request = buildCritiqueRequest(resolveRecipe('tarte tatin'));
    expect(request.prompt).toContain('tarte tatin');
    expect(request.prompt).toContain('Caramelise 150 g sugar');
    expect(request.systemPrompt).toContain('VERDICT: adjust');
    expect(request.maxTokens).toBe(400);
    expect(request.modelPreferences.hints[0]).toEqual({ name: 'claude-haiku' });
    for (const priority of [
      request.modelPreferences.costPriority,
      request.modelPreferences.speedPriority,
      request.modelPreferences.intelligencePriority,
    ]) {
      expect(priority).toBeGreaterThanOrEqual(0);
      expect(priority).toBeLessThanOrEqual(1);
    }
  });
});

describe('parseCritique', () => {
  it('reads the verdict line and the bullet notes', () => {
    const critique = parseCritique('VERDICT: adjust\n- Use less sugar.\n- Rest the pastry for 30 minutes.\n');
    expect(critique).toEqual({ verdict: 'adjust', notes: ['Use less sugar.', 'Rest the pastry for 30 minutes.'] });
  });

  it('accepts markdown emphasis and other bullet marks', () => {
    expect(parseCritique('**Verdict:** Bake\n* Lovely.\n• Crisp.')).toEqual({
      verdict: 'bake',
      notes: ['Lovely.', 'Crisp.'],
    });
  });

  it('calls an answer without a verdict unclear and keeps its lines as notes', () => {
    expect(parseCritique('Looks fine to me.\nMaybe more salt.')).toEqual({
      verdict: 'unclear',
      notes: ['Looks fine to me.', 'Maybe more salt.'],
    });
  });

  it('keeps at most five notes', () => {
    const answer = ['VERDICT: rethink', ...Array.from({ length: 8 }, (_, index) => `- note ${index}`)].join('\n');
    expect(parseCritique(answer).notes).toHaveLength(5);
  });
});

describe('planFilling', () => {
  it('plans the grams of filling for the servings chosen', () => {
    expect(planFilling({ filling: 'cherry', servings: 4 })).toEqual({ filling: 'cherry', servings: 4, grams: 400 });
  });

  it('refuses answers the form does not allow', () => {
    expect(planFilling({ filling: 'anchovy', servings: 4 })).toBeUndefined();
    expect(planFilling({ filling: 'apple', servings: 13 })).toBeUndefined();
    expect(planFilling({ filling: 'apple', servings: 2.5 })).toBeUndefined();
    expect(planFilling(undefined)).toBeUndefined();
  });

  it('asks with a flat form whose fields are all required', () => {
    expect(Object.keys(FILLING_FORM.requestedSchema.properties)).toEqual(FILLING_FORM.requestedSchema.required);
  });
});

describe('bakeStage', () => {
  it('names a stage for every step and ends out of the oven', () => {
    const stages = Array.from({ length: 8 }, (_, index) => bakeStage(index + 1, 8));
    expect(stages[0]).toBe('preheating the oven');
    expect(stages[7]).toBe('out of the oven');
    expect(new Set(stages).size).toBeGreaterThan(4);
  });

  it('copes with a single step', () => {
    expect(bakeStage(1, 1)).toBe('out of the oven');
  });
});
