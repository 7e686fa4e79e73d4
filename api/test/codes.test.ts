import {
  AGENCY,
  ATTENDANT_STATUS,
  CAMPAIGN_STATUS,
  CREDIT_TYPE,
  CREDIT_TYPES,
  IMPORT_STATUS,
  PAUSE_REASONS,
  PROPOSAL_STATUSES,
  ROLE,
  ROLE_LABELS,
  campaignStatusLabel,
  importStatusLabel,
} from '@consig/shared/contracts';
import type { Database } from '../src/db';
import { migrate } from '../src/db/migrate';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * Codes and labels exist twice by necessity: in the migration's lookup tables (foreign keys, joins) and in
 * shared/src/contracts/domain.ts (the apps' copy, compiled into the browser). This file is what keeps them
 * one fact: a code or a label changed on one side only fails here.
 */
let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await migrate(db);
});
afterAll(() => database.drop());

type Row = { id: number; label: string };
const table = (name: string, id: string, label: string) =>
  db.query<Row>(`select ${id} as id, ${label} as label from ${name} order by ${id}`);
const byId = (rows: readonly Row[]) => [...rows].sort((a, b) => a.id - b.id);

it('roles: funcao = ROLE / ROLE_LABELS', async () => {
  const expected = Object.values(ROLE).map((id) => ({ id, label: ROLE_LABELS[id] }));
  expect(await table('funcao', 'id_funcao', 'de_funcao')).toEqual(byId(expected));
});

it('pause reasons: motivo_pausa = PAUSE_REASONS without 81, which means "back to available"', async () => {
  const pauses = PAUSE_REASONS.filter((r) => r.ID_Status !== ATTENDANT_STATUS.AVAILABLE);
  expect(await table('motivo_pausa', 'id_motivo_pausa', 'de_motivo_pausa')).toEqual(
    byId(pauses.map((r) => ({ id: r.ID_Status, label: r.DE_Status }))),
  );
  expect(PAUSE_REASONS.map((r) => r.ID_Status)).toContain(ATTENDANT_STATUS.AVAILABLE);
});

it('attendant states: status_atendente = ATTENDANT_STATUS', async () => {
  const ids = (await table('status_atendente', 'id_status', 'de_status')).map((r) => r.id);
  expect(ids).toEqual(Object.values(ATTENDANT_STATUS).sort((a, b) => a - b));
});

it('credit types: tipo_credito = CREDIT_TYPES = CREDIT_TYPE', async () => {
  expect(await table('tipo_credito', 'id_tipo_credito', 'de_tipo_credito')).toEqual(
    byId(CREDIT_TYPES.map((t) => ({ id: t.ID_TipoCredito, label: t.label }))),
  );
  expect(Object.values(CREDIT_TYPE)).toEqual(CREDIT_TYPES.map((t) => t.ID_TipoCredito));
});

it('agencies: orgao = AGENCY', async () => {
  expect(await table('orgao', 'id_orgao', 'de_orgao')).toEqual(byId(Object.entries(AGENCY).map(([label, id]) => ({ id, label }))));
});

it('campaign states: status_campanha = CAMPAIGN_STATUS with the labels the list shows', async () => {
  const rows = await table('status_campanha', 'id_status', 'de_status');
  expect(rows.map((r) => r.id)).toEqual(Object.values(CAMPAIGN_STATUS).sort((a, b) => a - b));
  for (const row of rows) expect(campaignStatusLabel(row.id)).toBe(row.label);
});

it('import states: status_importacao = IMPORT_STATUS with the labels the list shows', async () => {
  const rows = await table('status_importacao', 'id_status', 'de_status');
  expect(rows.map((r) => r.id)).toEqual(Object.values(IMPORT_STATUS).sort((a, b) => a - b));
  for (const row of rows) expect(importStatusLabel({ ID_Status: row.id })).toBe(row.label);
});

it('proposal states: status_proposta = PROPOSAL_STATUSES', async () => {
  expect(await table('status_proposta', 'id_status', 'de_status')).toEqual(
    byId(PROPOSAL_STATUSES.map((s) => ({ id: s.StatusID, label: s.DE_Status }))),
  );
});
