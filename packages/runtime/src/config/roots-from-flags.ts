// --root DIR (repeatable): the folders the host offers servers as roots (roots/list), as file://
// URIs named after the folder. Runtime side; without --root the host offers the working directory.

import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from '@kitchen/host';

export function rootsFromFlags(folders: readonly string[] | undefined): Root[] | undefined {
  if (folders === undefined || folders.length === 0) return undefined;
  return folders.map((folder) => {
    const path = resolve(folder);
    return { uri: pathToFileURL(path).href, name: basename(path) || path };
  });
}
