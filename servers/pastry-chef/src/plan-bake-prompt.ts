// The "plan_bake" prompt: a ready-made task that walks the model through the chef's three tools
// for one recipe from the book (critique it, ask the user for a filling, bake it). Its `recipe`
// argument completes from the book. Server side.

import {
  completable,
  type GetPromptResult,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { bakingMinutes, completeRecipeName, DEFAULT_BAKE_MINUTES, RECIPE_BOOK } from './pastry.js';

export function registerPlanBakePrompt(server: McpServer): void {
  server.registerPrompt(
    'plan_bake',
    {
      title: 'Plan a bake',
      description:
        'Critique a recipe from the book, ask the user which filling and how many servings, then bake it with progress.',
      argsSchema: z.object({
        recipe: completable(
          z.string().describe(`A recipe from the book: ${RECIPE_BOOK.map((recipe) => recipe.name).join(', ')}.`),
          (typed) => completeRecipeName(typed),
        ),
      }),
    },
    ({ recipe }): GetPromptResult => {
      const found = RECIPE_BOOK.find((entry) => entry.name === recipe.trim().toLowerCase());
      if (!found) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `"${recipe}" is not in the recipe book: choose one of ${RECIPE_BOOK.map((entry) => entry.name).join(', ')}.`,
        );
      }
      const minutes = bakingMinutes(found) ?? DEFAULT_BAKE_MINUTES;
      return {
        description: `Plan for ${found.name}`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                `Plan a bake of ${found.name}. The recipe: ${found.text}`,
                `1. Ask critique_recipe for a verdict on "${found.name}".`,
                '2. If the verdict is bake or adjust, ask the user with choose_filling; respect a decline.',
                `3. Then bake it with bake { minutes: ${minutes} } and report each stage you were told about.`,
                'Finish with a short plan: verdict, notes you will follow, filling and servings, baking time.',
              ].join('\n'),
            },
          },
        ],
      };
    },
  );
}
