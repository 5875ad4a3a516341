import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/** Debian's PostgreSQL server binaries (`apt-get install postgresql`; `.ci/run` installs it when missing). */
const BIN = ["/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"].find((dir) => existsSync(join(dir, "initdb")));

/** The server refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function asServerUser(): { uid: number; gid: number; prefix: string[] } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid, prefix: ["runuser", "-u", "postgres", "--"] };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway PostgreSQL cluster on loopback for one test file: `initdb` in a temporary
 * directory, `pg_ctl start` on a free port, trust authentication for the local user `postgres`.
 * `stop()` shuts it down and removes every file.
 */
export class PostgresTestServer {
  private constructor(
    readonly dataDir: string,
    readonly port: number,
    private readonly run: (binary: string, args: string[]) => string,
  ) {}

  static async start(): Promise<PostgresTestServer> {
    if (!BIN) throw new Error("PostgreSQL server binaries not found: apt-get install postgresql");
    const owner = asServerUser();
    const root = mkdtempSync(join(tmpdir(), "recons-pg-"));
    const dataDir = join(root, "data");
    if (owner) {
      chownSync(root, owner.uid, owner.gid);
      chmodSync(root, 0o700);
    }
    const run = (binary: string, args: string[]) => {
      const [command, ...rest] = [...(owner?.prefix ?? []), join(BIN, binary), ...args];
      return execFileSync(command, rest, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    };
    const port = await freePort();
    run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
    const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    run("pg_ctl", ["-D", dataDir, "-o", options, "-l", join(root, "server.log"), "-w", "start"]);
    return new PostgresTestServer(dataDir, port, run);
  }

  /** Connection string of a database (created on first use). */
  connectionString(database = "postgres"): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Every file of the cluster (tables, indexes, write-ahead log), as bytes read raw. */
  files(): Array<{ path: string; bytes: Buffer }> {
    const out: Array<{ path: string; bytes: Buffer }> = [];
    const visit = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) visit(path);
        else out.push({ path, bytes: readFileSync(path) });
      }
    };
    visit(this.dataDir);
    return out;
  }

  stop(): void {
    try {
      this.run("pg_ctl", ["-D", this.dataDir, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(join(this.dataDir, ".."), { recursive: true, force: true });
    }
  }
}
