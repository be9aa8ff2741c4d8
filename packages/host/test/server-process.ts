// Test helper: runs a server as a child process, as the app does, and waits for the line that
// says where it listens. Lets host tests reach real servers over HTTP without depending on any
// server package. Test only.

import { type ChildProcess, spawn } from 'node:child_process';

export interface RunningServer {
  /** The first capture group of the ready pattern (a URL, or host:port). */
  address: string;
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  /** SIGTERM, then SIGKILL after 3 s; resolves when the process has exited. */
  stop(): Promise<void>;
}

export function startServer(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number },
): Promise<RunningServer> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(killer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(
        new Error(
          `${command} ${args.join(' ')} did not print ${options.ready} within ${options.timeoutMs ?? 15_000} ms. Output:\n${output}`,
        ),
      );
    }, options.timeoutMs ?? 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const address = options.ready.exec(output)?.[1];
      if (address === undefined) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      // Keep draining the pipes so a chatty server never blocks on a full buffer.
      child.stdout.on('data', (more: Buffer) => (output += more.toString('utf8')));
      child.stderr.on('data', (more: Buffer) => (output += more.toString('utf8')));
      resolve({ address, child, output: () => output, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`${command} ${args.join(' ')} exited with code ${code} before it was ready. Output:\n${output}`),
      );
    });
  });
}
