// A download progress bar on a terminal (cli-progress); nothing at all when stderr is not a
// TTY or with --json, so scripts and pipes stay quiet. cli-progress (and its string-width and
// emoji tables) load only when a bar is shown.

export interface Progress {
  advance(bytes: number): void;
  stop(): void;
}

const SILENT: Progress = { advance: () => undefined, stop: () => undefined };

export async function downloadProgress(label: string, total: number, enabled: boolean): Promise<Progress> {
  if (!enabled || !process.stderr.isTTY) return SILENT;
  const { default: cliProgress } = await import('cli-progress');
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
