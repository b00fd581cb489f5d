import type { ClientBase } from 'pg';

/** The parts of node-pg's connection a submittable query talks to. */
interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

const PIECE = 256 * 1024;

/**
 * A simple-protocol query string run by node-pg as a submittable (`client.query(submittable)`): it sends the text,
 * answers its `result()` once the server is ready again or the server's error, and ignores the messages a subclass
 * does not handle (node-pg calls the handler named after each message it gets).
 */
abstract class SimpleQuery<T> {
  private callback?: (err: Error | null, result?: T) => void;

  constructor(private readonly text: string) {}

  protected abstract result(): T;

  /** Runs it on `client`. */
  run(client: ClientBase): Promise<T> {
    return new Promise((resolve, reject) => {
      this.callback = (err, result) => (err ? reject(err) : resolve(result as T));
      (client as unknown as { query(q: SimpleQuery<T>): void }).query(this);
    });
  }

  submit(connection: PgConnection): void {
    connection.query(this.text);
  }

  handleReadyForQuery(): void {
    this.callback?.(null, this.result());
  }

  handleError(err: Error): void {
    this.callback?.(err);
  }

  handleCopyInResponse(_connection: PgConnection): void {}
  handleCopyData(_msg: { chunk: Buffer }): void {}
  handleCommandComplete(_msg: { text?: string }): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
}

/**
 * A simple-protocol query string with one `COPY … FROM STDIN` in it (other statements may follow it in the
 * same string: they run in the same implicit transaction, all or nothing), fed with `data` as soon as the
 * server asks for it. node-pg has no COPY of its own; this is the small part of the protocol it needs:
 * CopyInResponse → CopyData… CopyDone; CommandComplete per statement; then ReadyForQuery, or an
 * ErrorResponse (the whole string rolled back).
 */
class CopyInQuery extends SimpleQuery<number> {
  private copied = 0;

  constructor(
    text: string,
    private readonly data: Buffer,
  ) {
    super(text);
  }

  protected result(): number {
    return this.copied;
  }

  override handleCopyInResponse(connection: PgConnection): void {
    for (let at = 0; at < this.data.length; at += PIECE) connection.sendCopyFromChunk(this.data.subarray(at, at + PIECE));
    connection.endCopyFrom();
  }

  override handleCommandComplete(msg: { text?: string }): void {
    const m = /^COPY (\d+)/.exec(msg.text ?? '');
    if (m) this.copied = Number(m[1]);
  }
}

/** Runs `text` (holding one COPY … FROM STDIN) with `data` as the COPY's input; resolves with the rows copied. */
export function copyIn(client: ClientBase, text: string, data: Buffer): Promise<number> {
  return new CopyInQuery(text, data).run(client);
}

/** A value in COPY's text format (backslash, tab and line breaks escaped). */
export function copyValue(v: string): string {
  return /[\\\t\n\r]/.test(v)
    ? v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : v;
}

/** A `COPY … TO STDOUT` query: collects what the server sends. */
class CopyOutQuery extends SimpleQuery<Buffer> {
  private readonly chunks: Buffer[] = [];

  protected result(): Buffer {
    return Buffer.concat(this.chunks);
  }

  override handleCopyData(msg: { chunk: Buffer }): void {
    this.chunks.push(Buffer.from(msg.chunk)); // (a copy: the parser may reuse the memory it points into)
  }
}

const BINARY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The one bytea value of `COPY (SELECT one_bytea_column …) TO STDOUT (FORMAT binary)` (null when no row or
 * a NULL): the raw bytes, without the hex text form a plain SELECT would send (twice the size, and decoded
 * on both sides).
 */
export async function copyOutBytea(client: ClientBase, text: string): Promise<Buffer | null> {
  const data = await new CopyOutQuery(text).run(client);
  if (data.length < 19 || !data.subarray(0, 11).equals(BINARY_SIGNATURE)) throw new Error('Unexpected COPY binary output');
  let at = 15 + 4 + data.readUInt32BE(15); // signature, flags, header extension
  const fields = data.readInt16BE(at);
  if (fields === -1) return null; // no row
  if (fields !== 1) throw new Error(`Expected one column, got ${fields}`);
  const len = data.readInt32BE(at + 2);
  at += 6;
  return len < 0 ? null : data.subarray(at, at + len);
}
