// Opens the data SDK for one command. The SDK is imported dynamically so that start-up
// (`pkg --version`, registry commands) never evaluates it; each provider is loaded on first use.
import type { DataClient } from '@pkg/shared/data';

export async function withDataClient<T>(fn: (client: DataClient) => Promise<T>): Promise<T> {
  const { createDataClient } = await import('@pkg/shared/data');
  const client = createDataClient();
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}
