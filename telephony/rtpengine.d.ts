// Types of rtpengine.js (plain CommonJS, run by Node before anything is installed) for the TypeScript tests.

export interface RtpengineSettings {
  address: string;
  publicAddress: string;
  ports: { min: number; max: number };
  ngPort: number;
  spoolDir: string;
  logFile: string;
  rtpenginePath: string;
}

export interface RunningRtpengine {
  pid: number | undefined;
  logFile: string;
  stop(): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function rtpenginePath(env?: NodeJS.ProcessEnv): string;
export function rtpengineInstalled(env?: NodeJS.ProcessEnv): boolean;
export function rtpengineSettings(options: { env: Record<string, string | undefined>; stateDir: string; ngPort: number; listen: string }): {
  settings: RtpengineSettings;
  problems: string[];
};
export function rtpengineArgs(settings: RtpengineSettings): string[];
/** Kamailio's rtpengine_sock for rtpengine's control port. */
export function ngSocket(ngPort: number): string;
/** One ng command, bencoded; rtpengine's raw (bencoded) answer, or undefined when it did not answer. */
export function ngCommand(port: number, bencoded: string, timeoutMs?: number): Promise<string | undefined>;
/** Whether rtpengine answers `ping` on its control port. */
export function pings(port: number): Promise<boolean>;
export function startRtpengine(settings: RtpengineSettings): Promise<RunningRtpengine>;
