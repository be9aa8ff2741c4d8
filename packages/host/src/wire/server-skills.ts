// A server's skills (the skills extension, SEP-2640): listed, and every file of each read and
// verified against the server's entry (listed, size, digest; for SKILL.md its frontmatter), through
// the v2 SDK's SkillsClient. Host side, at the wire, on a session of its own. What the host offers
// a model is its own decision: a skill whose file fails a check must not be loaded.

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type Skill, SkillsClient, SkillVerificationError } from '@modelcontextprotocol/client/ext/skills';

export interface CheckedSkillFile {
  /** The path under the skill's folder, as the entry lists it (`SKILL.md`, `references/TURNS.md`). */
  path: string;
  uri: string;
  size: number;
  /** True when its size and digest matched the entry (and, for SKILL.md, the frontmatter). */
  verified: boolean;
  /** Why it failed verification, in words; absent when verified. */
  problem?: string;
  /** SKILL.md only: the markdown after its frontmatter. */
  body?: string;
}

export interface CheckedSkill {
  name: string;
  description: string;
  uri: string;
  files: CheckedSkillFile[];
}

export interface ServerSkills {
  /** False when the server does not declare the extension. */
  supported: boolean;
  skills: CheckedSkill[];
}

/** Lists a server's skills over HTTP and checks every file; throws only when the server cannot be reached. */
export async function readServerSkills(url: string, clientName = 'mcp-kitchen'): Promise<ServerSkills> {
  const client = new Client({ name: clientName, version: '0.1.0' }, { capabilities: {} });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const skills = new SkillsClient(client);
    if (!skills.supported) return { supported: false, skills: [] };
    const { skills: entries } = await skills.list();
    return { supported: true, skills: await Promise.all(entries.map((entry) => checkSkill(skills, entry))) };
  } finally {
    await client.close();
  }
}

async function checkSkill(skills: SkillsClient, entry: Skill): Promise<CheckedSkill> {
  const listed = entrySummary(entry);
  const files = await Promise.all(
    listed.files.map(async (file): Promise<CheckedSkillFile> => {
      try {
        const read = await skills.read(entry, file.path);
        return {
          path: file.path,
          uri: read.uri,
          size: read.bytes.length,
          verified: read.verified,
          ...(read.body === undefined ? {} : { body: read.body }),
        };
      } catch (error) {
        const problem =
          error instanceof SkillVerificationError
            ? `${error.reason}: ${error.message}`
            : error instanceof Error
              ? error.message
              : String(error);
        return { path: file.path, uri: file.uri, size: file.size, verified: false, problem };
      }
    }),
  );
  return { name: listed.name, description: listed.description, uri: listed.uri, files };
}

/** The parts of an entry the kitchen shows: name, description, its SKILL.md URI and its files. */
function entrySummary(entry: Skill): {
  name: string;
  description: string;
  uri: string;
  files: Array<{ path: string; uri: string; size: number }>;
} {
  const raw = entry as unknown as Record<string, unknown>;
  const frontmatter = (raw['frontmatter'] ?? {}) as Record<string, unknown>;
  const uri = String(raw['uri'] ?? '');
  const root = uri.replace(/SKILL\.md$/, '');
  const resources = (raw['resources'] ?? raw['files'] ?? []) as Array<Record<string, unknown>>;
  const files = resources.map((resource) => {
    const fileUri = String(resource['uri'] ?? resource['path'] ?? '');
    return {
      path: fileUri.startsWith(root) ? fileUri.slice(root.length) : fileUri,
      uri: fileUri,
      size: Number(resource['size'] ?? 0),
    };
  });
  return {
    name: String(raw['name'] ?? frontmatter['name'] ?? uri),
    description: String(raw['description'] ?? frontmatter['description'] ?? ''),
    uri,
    files: files.length > 0 ? files : [{ path: 'SKILL.md', uri, size: 0 }],
  };
}
