// The registry benchmark's floor for downloads: plain node:http streaming one file from disk
// with fs.createReadStream. Run as `node static-file-server.js <file> <port>`; GET /health
// answers once it listens, any other GET streams the file. Stops on SIGTERM.
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  process.stderr.write('usage: static-file-server <file> <port>\n');
  process.exit(2);
}
const size = statSync(file).size;

const server = http.createServer((req, res) => {
  if (req.url === '/health') {
    res.end('ok');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(size) });
  pipeline(createReadStream(file), res).catch(() => res.destroy());
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
