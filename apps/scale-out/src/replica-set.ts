// Starts N replicas of one MCP server, each its own process on its own loopback port, with the
// same seed, so any of them gives the same answer to the same read. App side.

import { launchServer, type StartedServer } from '@kitchen/runtime/server-processes/launch-server';

/** What to run for one replica: a server entry and its flags. */
export interface ReplicaProgram {
  packageDirectory: string;
  entryFile: string;
  args: string[];
}

export interface Replica {
  /** 1, 2, 3… in start order. */
  index: number;
  port: number;
  url: string;
  pid: number;
  /** Ends the process at once (SIGKILL), as a crash or an OOM kill would: no goodbye to anyone. */
  kill(): void;
  /** True once it was killed. */
  readonly killed: boolean;
}

export interface ReplicaSet {
  replicas: Replica[];
  byPort(port: number | undefined): Replica | undefined;
  stop(): Promise<void>;
}

export async function startReplicas(
  count: number,
  program: ReplicaProgram,
  options: { seed: number; jars: number },
): Promise<ReplicaSet> {
  const launches = Array.from({ length: count }, (_, offset) =>
    launchServer(
      {
        kind: 'launch',
        name: `replica-${offset + 1}`,
        packageDirectory: program.packageDirectory,
        entryFile: program.entryFile,
        args: program.args,
        env: {},
        port: 0,
      },
      { seed: options.seed, jars: options.jars },
    ),
  );
  const stopAll = () => Promise.all(launches.map((launch) => launch.stop())).then(() => undefined);
  let started: StartedServer[];
  try {
    started = await Promise.all(launches.map((launch) => launch.ready));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const replicas = started.map((server, offset): Replica => {
    const pid = server.pid ?? 0;
    let killed = false;
    return {
      index: offset + 1,
      port: Number(new URL(server.url).port),
      url: server.url,
      pid,
      kill: () => {
        killed = true;
        process.kill(pid, 'SIGKILL');
      },
      get killed() {
        return killed;
      },
    };
  });
  return {
    replicas,
    byPort: (port) => replicas.find((replica) => replica.port === port),
    stop: stopAll,
  };
}
