// A download progress bar on a terminal (cli-progress); nothing at all when stderr is not a
// TTY or with --json, so scripts and pipes stay quiet.
import cliProgress from 'cli-progress';

export interface Progress {
  advance(bytes: number): void;
  stop(): void;
}

const SILENT: Progress = { advance: () => undefined, stop: () => undefined };

export function downloadProgress(label: string, total: number, enabled: boolean): Progress {
  if (!enabled || !process.stderr.isTTY) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} [{bar}] {percentage}% | {value}/{total} bytes`,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    advance: (bytes) => bar.increment(bytes),
    stop: () => bar.stop(),
  };
}
