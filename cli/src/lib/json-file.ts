// JSON files read through a zod schema and written atomically (temp file, fsync, rename), so a
// crash or a failure never leaves a half-written file behind.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { issueDetails } from '@pkg/shared/errors';
import { CliError, EXIT } from '../exit.js';

export function readJsonFile<S extends z.ZodType>(
  file: string,
  schema: S,
  what: string,
): z.infer<S> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CliError('BAD_REQUEST', `${what} (${file}) is not valid JSON.`, {
      exitCode: EXIT.invalidInput,
      hint: `Fix or remove ${file}.`,
    });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new CliError('BAD_REQUEST', `${what} (${file}) does not have the expected shape.`, {
      exitCode: EXIT.invalidInput,
      details: issueDetails(parsed.error.issues),
      hint: `Fix or remove ${file}.`,
    });
  }
  return parsed.data;
}

/** The exact text writeJsonFile writes for a value. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** `fsync: false`: renamed whole, but not flushed to the disk first (for caches, which may be lost). */
export function writeFileAtomic(
  file: string,
  text: string,
  mode = 0o644,
  { fsync = true }: { fsync?: boolean } = {},
): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(temp, 'w', mode);
  try {
    writeSync(fd, text);
    if (fsync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function writeJsonFile(file: string, value: unknown, mode = 0o644): void {
  writeFileAtomic(file, jsonText(value), mode);
}
