/**
 * The floor (docs/rules.md "Attendant state"): every event that may change an attendant's state calls
 * `refresh`, which derives the state again from the database (attendantState.ts) and, when it changed, writes
 * the new state and its history row and pushes the attendant's board row to the company's supervisors and
 * managers on every API instance. Deriving rather than applying events makes any order of events, a lost
 * one or two instances at once end in the same state.
 *
 * Presence: this instance counts its signed-in sockets per attendant and confirms them in the database every
 * 20 s; a person no instance confirmed within 60 s is offline (a closed laptop, a crashed instance). An API
 * restart keeps people present: their browsers reconnect to any instance well within the window.
 */
import { randomUUID } from 'node:crypto';
import { ALERT_FLOOR_CHANGE, ROLE, type FloorAttendant, type Person } from '@consig/shared/contracts';
import type { Db } from '../db';
import type { Realtime } from '../realtime/realtime';
import { deriveState, sameState } from './attendantState';
import { createFloorRepository } from './floor.repository';
import { createPresenceRepository, type Present } from './presence.repository';

/** How often this instance confirms its sockets and looks for people gone from every instance. */
export const PRESENCE_HEARTBEAT_MS = 20_000;

export interface FloorLogger {
  error(details: object, message: string): void;
}

export interface FloorOptions {
  db: Db;
  realtime: Realtime;
  clock: () => Date;
  log: FloorLogger;
  heartbeatMs?: number;
}

export class Floor {
  /** This instance's name in atendente_presenca (a new one each start: an old row just goes stale). */
  readonly instance = randomUUID();
  /** Signed-in sockets on this instance, per attendant. */
  private readonly held = new Map<number, { companyId: number; sockets: number }>();
  private timer: NodeJS.Timeout | null = null;
  private readonly presence: ReturnType<typeof createPresenceRepository>;

  constructor(private readonly options: FloorOptions) {
    this.presence = createPresenceRepository({ db: options.db });
  }

  /** Confirms presence and sweeps now and then, until stop(). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.heartbeat(), this.options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  /**
   * Stops confirming. The rows this instance confirmed are left to go stale rather than removed: its browsers
   * reconnect to another instance (or to this one restarted) within seconds and are confirmed there, so an API
   * restart or a deploy never shows the floor offline; whoever does not come back is offline within 60 s.
   */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.held.clear();
  }

  /** A signed-in socket of `person` opened on this instance. */
  async connected(person: Person): Promise<void> {
    if (person.ID_Funcao !== ROLE.ATENDENTE) return;
    const entry = this.held.get(person.ID_Pessoa) ?? { companyId: person.ID_Empresa, sockets: 0 };
    entry.sockets += 1;
    this.held.set(person.ID_Pessoa, entry);
    if (entry.sockets > 1) return;
    const present = { companyId: person.ID_Empresa, personId: person.ID_Pessoa };
    await this.guard(async () => {
      await this.presence.confirm(this.instance, [present], this.options.clock());
      await this.refresh(present.companyId, present.personId);
    });
  }

  /** A signed-in socket of `person` on this instance closed. */
  async disconnected(person: Person): Promise<void> {
    const entry = this.held.get(person.ID_Pessoa);
    if (!entry) return;
    entry.sockets -= 1;
    if (entry.sockets > 0) return;
    this.held.delete(person.ID_Pessoa);
    const present = { companyId: entry.companyId, personId: person.ID_Pessoa };
    await this.guard(async () => {
      await this.presence.remove(this.instance, present);
      await this.refresh(present.companyId, present.personId);
    });
  }

  /**
   * Derives the attendant's state again; writes it and tells the watchers when it changed, or always with
   * `figures` (a proposal or a call changed today's numbers on their row). Never throws: the next event or
   * the sweep derives it again.
   */
  async refresh(companyId: number, personId: number, { figures = false } = {}): Promise<void> {
    await this.guard(async () => {
      const now = this.options.clock();
      const changed = await this.options.db.transaction(async (tx) => {
        const floor = createFloorRepository({ db: tx, companyId });
        if (!(await floor.isAttendant(personId))) return false;
        const stored = await floor.lockState(personId, now);
        const next = deriveState(await floor.factsOf(personId, now));
        if (sameState(stored, next)) return figures;
        await floor.transition(personId, next, now);
        return true;
      });
      if (changed) await this.announce(companyId, personId, now);
    });
  }

  /** Confirms this instance's sockets, then moves to offline whoever no instance confirmed in time. */
  async heartbeat(): Promise<void> {
    await this.guard(async () => {
      const now = this.options.clock();
      const people = [...this.held].map(([personId, { companyId }]) => ({ companyId, personId }));
      await this.presence.confirm(this.instance, people, now);
      await this.refreshAll(await this.presence.gone(now));
      await this.refreshAll(await this.presence.callsClosedUnderneath());
    });
  }

  /** After Kamailio reported on the call with this SIP Call-ID: its attendant's state and today's figures. */
  async refreshCall(sipCallId: string): Promise<void> {
    await this.guard(async () => {
      const attendant = await this.presence.attendantOfCall(sipCallId);
      if (attendant) await this.refresh(attendant.companyId, attendant.personId, { figures: true });
    });
  }

  private async refreshAll(people: Present[]): Promise<void> {
    for (const { companyId, personId } of people) await this.refresh(companyId, personId);
  }

  /** Pushes the attendant's row to the company's supervisors and managers. */
  private async announce(companyId: number, personId: number, now: Date): Promise<void> {
    const floor = createFloorRepository({ db: this.options.db, companyId });
    const [row] = await floor.boardRows(now, personId);
    if (!row) return;
    const alert = { TP_Alerta: ALERT_FLOOR_CHANGE, DE_Dados: row satisfies FloorAttendant, DE_Observacao: '' };
    for (const watcher of await floor.watchers()) await this.options.realtime.push(watcher, alert);
  }

  private async guard(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.options.log.error({ err }, 'estado do atendente não atualizado');
    }
  }
}
