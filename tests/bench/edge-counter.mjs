// A counting door in front of the edge, for the prefetch bench and its browser test (issue 27 item 6): an HTTP proxy on
// a free loopback port that forwards every request (WebSocket upgrades included) to the worker as it is, Host header
// kept, and writes down each one: method, path with query, its Sec-Purpose (a speculative load says "prefetch") and
// the edge's status.
// The browser talks to the door's origin only, so every request the edge would get passes it.
import { request as httpRequest, createServer } from "node:http";
import { connect } from "node:net";

/** `target`: the worker's origin (http://127.0.0.1:port). Returns { url, seen, clear, close }. */
export async function edgeCounter(target) {
  const to = new URL(target);
  const seen = [];
  const server = createServer((req, res) => {
    const entry = { method: req.method, path: req.url, purpose: req.headers["sec-purpose"] ?? "", dest: req.headers["sec-fetch-dest"] ?? "", at: Date.now(), status: 0 };
    seen.push(entry);
    const upstream = httpRequest({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      entry.status = answer.statusCode ?? 502;
      res.writeHead(entry.status, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  // The live hub's socket (api/live): the handshake and every frame after it, byte for byte.
  // Upgraded sockets leave the HTTP server's books (closeAllConnections does not see them) but still hold close() open:
  // a live socket left open made a suite's afterAll wait its whole 30 s (prefetch.spec, 11-29).
  const upgraded = new Set();
  server.on("upgrade", (req, socket, head) => {
    upgraded.add(socket);
    socket.on("close", () => upgraded.delete(socket));
    seen.push({ method: "UPGRADE", path: req.url, purpose: "", dest: "websocket", at: Date.now() });
    const upstream = connect(Number(to.port), to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(lines.join("\r\n") + "\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => { upstream.destroy(); socket.destroy(); };
    upstream.on("error", end);
    socket.on("error", end);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    clear: () => void seen.splice(0),
    close: () => new Promise((resolve) => {
      for (const socket of upgraded) socket.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Page requests (documents, prefetches of documents) among what the door saw, without files, scripts and API calls. */
export const pageRequests = (seen) =>
  seen.filter((r) => r.method === "GET" && !r.path.startsWith("/api") && !/\.[a-z0-9]+$/i.test(r.path.split("?")[0]) && (r.dest === "document" || r.purpose.includes("prefetch")));
