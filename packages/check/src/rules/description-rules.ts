// Descriptions: a model picks a tool and fills in its arguments from the words alone, so a missing
// or one-word description of a tool or a parameter is a tool used wrongly. Host side, pure.

import type { Prompt, Resource, Tool } from '@modelcontextprotocol/sdk/types.js';
import { type Finding, finding } from '../finding.js';
import { isRecord } from './walk-schema.js';

const isOneWord = (text: string) => text.trim().split(/\s+/).length === 1;
const isBlank = (text: string | undefined) => text === undefined || text.trim() === '';

export function descriptionFindings(
  tools: readonly Tool[],
  prompts: readonly Prompt[],
  resources: readonly Resource[],
): Finding[] {
  return [
    ...tools.flatMap(toolDescriptionFindings),
    ...prompts
      .filter((prompt) => isBlank(prompt.description))
      .map((prompt) =>
        finding('description/prompt-missing', {
          prompt: prompt.name,
          message:
            'The prompt has no description, so a person choosing from a host’s prompt menu cannot tell what it does.',
          fix: 'Add a description: what the prompt asks for and what its arguments mean.',
        }),
      ),
    ...resources
      .filter((resource) => isBlank(resource.description))
      .map((resource) =>
        finding('description/resource-missing', {
          resource: resource.uri,
          message: `The resource "${resource.name}" has no description, so a model (or a person) cannot tell whether to read it.`,
          fix: 'Add a description saying what the resource holds.',
        }),
      ),
  ];
}

function toolDescriptionFindings(tool: Tool): Finding[] {
  const findings: Finding[] = [];
  if (isBlank(tool.description)) {
    findings.push(
      finding('description/tool-missing', {
        tool: tool.name,
        message: `The tool has no description${tool.title === undefined ? '' : ` (only a title, "${tool.title}")`}: a model must guess what it does from its name.`,
        fix: 'Describe what the tool does, when to use it and what it returns, in a sentence or two.',
      }),
    );
  } else if (isOneWord(tool.description ?? '')) {
    findings.push(
      finding('description/tool-one-word', {
        tool: tool.name,
        message: `The description is one word, ${JSON.stringify(tool.description?.trim())}: a model learns nothing from it that the name did not say.`,
        fix: 'Describe what the tool does, when to use it and what it returns, in a sentence or two.',
      }),
    );
  }
  const properties =
    isRecord(tool.inputSchema) && isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const undescribed: string[] = [];
  const oneWord: string[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    const description = isRecord(schema) && typeof schema.description === 'string' ? schema.description : undefined;
    if (isBlank(description)) undescribed.push(name);
    else if (isOneWord(description ?? '')) oneWord.push(name);
  }
  if (undescribed.length > 0) {
    findings.push(
      finding('description/parameter-missing', {
        tool: tool.name,
        message: `No description for ${undescribed.map((name) => `"${name}"`).join(', ')}: a model must guess what to pass.`,
        fix: 'Give each parameter a description with its meaning, its unit or format, and an example.',
      }),
    );
  }
  if (oneWord.length > 0) {
    findings.push(
      finding('description/parameter-one-word', {
        tool: tool.name,
        message: `One-word descriptions for ${oneWord.map((name) => `"${name}"`).join(', ')}.`,
        fix: 'Say what the value means, its unit or format, and give an example.',
      }),
    );
  }
  return findings;
}
