/** An extension as GET /atendente/ramal returns it, for the telephony tests. */
export const EXTENSION_CREDENTIALS = { User: '1001', Pass: 'segredo', Realm: 'consig.local', WSServer: 'wss://sip.consig.local/ws' };

/** The attendant the telephony tests sign in: telephony on unless told otherwise. */
export const ATTENDANT = { ID_Pessoa: 7, ID_Funcao: 11, DE_Pessoa: 'Ana Atendente', DE_Funcao: 'Atendente', SN_Telefonia: 1 as const };
