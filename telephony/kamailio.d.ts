// Types of kamailio.js (plain CommonJS, run by Node before anything is installed) for the TypeScript tests.

export interface TelephonySettings {
  secret: string;
  /** What Kamailio presents to the API (Authorization: Bearer). */
  apiSecret: string;
  /** Where Kamailio reaches the API. */
  apiUrl: string;
  /** rtpengine's control socket, udp:127.0.0.1:port. */
  rtpengine: string;
  realm: string;
  wsPort: number;
  sipPort: number;
  /** An address, or a list "(a, b)" (Kamailio's syntax). */
  listen: string;
  trunk?: Trunk;
  /** The db_text URL of the trunk's registration (uac), when it registers. */
  registrationDb?: string;
  logFile: string;
  kamailioPath?: string;
}

export interface Trunk {
  uri: string;
  user: string;
  password: string;
  /** host[:port] of the URI. */
  host: string;
  /** The carrier's source addresses, a comma list of IPs or CIDRs. */
  addresses: string;
  /** Registration at the carrier (SIP_TRUNK_REGISTER), or false. */
  register: false | { expires: number };
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
/** Debian's packages of Kamailio (and its modules) and rtpengine that `npm start` and the images install. */
export const PACKAGES: readonly string[];
export const INSTALL_COMMAND: string;
export function kamailioPath(env?: NodeJS.ProcessEnv): string;
export function kamailioInstalled(env?: NodeJS.ProcessEnv): boolean;
export function installKamailio(): boolean;
export function readTrunk(env: Record<string, string | undefined>): { trunk?: Trunk; problems: string[] };
/** The user part of the Contact registered at the carrier. */
export const REGISTRATION_UUID: string;
export function telephonySettings(options: {
  env: Record<string, string | undefined>;
  stateDir: string;
  wsPort: number;
  sipPort: number;
  listenHost?: string;
  apiUrl: string;
  rtpengine: string;
}): TelephonySettings;
export function kamailioArgs(): string[];
export function startKamailio(settings: TelephonySettings): Promise<RunningKamailio>;
