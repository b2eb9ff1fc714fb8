import type { Socket } from 'node:net';

/**
 * Requests Node's HTTP parser refuses before the app sees them (a URL or headers past the 16 KB limit, a malformed
 * request line) get the API's error shape instead of Node's bare answer: 431 REQUEST.TOO_LARGE for oversized
 * headers, 400 REQUEST.VALIDATION_FAILED for the rest. The connection closes; nothing of the request ran.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A peer that reset or already closed the connection has nobody to answer.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({
    error: tooLarge
      ? { code: 'REQUEST.TOO_LARGE', message: 'The request line and headers must stay under 16 KB' }
      : { code: 'REQUEST.VALIDATION_FAILED', message: 'Malformed HTTP request' },
  });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
