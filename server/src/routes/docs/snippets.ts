import fs from 'node:fs';
import { z } from 'zod';
import { repoPath } from '../../lib/repo-path';

/** The SDK quick starts, kept as runnable files in `sdks/snippets` (CI runs each one). */
export const SNIPPETS_DIR = repoPath('sdks', 'snippets');

const manifestSchema = z.array(
  z.object({
    id: z.string().regex(/^[a-z]+$/),
    title: z.string().min(1),
    note: z.string().min(1),
    language: z.string().min(1),
    file: z.string().regex(/^[a-z]+\.[a-z]+$/),
    install: z.string().min(1),
    run: z.string().min(1),
  }),
);

export type Snippet = Omit<z.infer<typeof manifestSchema>[number], 'file'> & { code: string };

/** Reads the manifest (`index.json`) and each snippet's file, in the manifest's order. */
export function loadSnippets(dir = SNIPPETS_DIR): Snippet[] {
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(`${dir}/index.json`, 'utf8')));
  return manifest.map(({ file, ...rest }) => ({ ...rest, code: fs.readFileSync(`${dir}/${file}`, 'utf8').trim() }));
}
