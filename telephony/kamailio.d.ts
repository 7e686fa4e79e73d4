// Types of kamailio.js (plain CommonJS, run by Node before anything is installed) for the TypeScript tests.

export interface TelephonySettings {
  secret: string;
  realm: string;
  wsPort: number;
  sipPort: number;
  /** An address, or a list "(a, b)" (Kamailio's syntax). */
  listen: string;
  trunk?: { uri: string; callerId: string };
  logFile: string;
  kamailioPath?: string;
}

export interface RunningKamailio {
  /** Kamailio's main process. */
  pid: number | undefined;
  logFile: string;
  settings: TelephonySettings;
  stop(): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export const CONFIG_FILE: string;
export const INSTALL_COMMAND: string;
export function kamailioPath(env?: NodeJS.ProcessEnv): string;
export function kamailioInstalled(env?: NodeJS.ProcessEnv): boolean;
export function installKamailio(): boolean;
export function readTrunk(env: Record<string, string | undefined>): { trunk?: { uri: string; callerId: string }; problems: string[] };
export function telephonySettings(options: {
  env: Record<string, string | undefined>;
  stateDir: string;
  wsPort: number;
  sipPort: number;
  listenHost?: string;
}): TelephonySettings;
export function kamailioArgs(): string[];
export function startKamailio(settings: TelephonySettings): Promise<RunningKamailio>;
