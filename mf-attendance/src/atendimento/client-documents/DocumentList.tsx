import { formatSaoPauloDateTime, type ClientDocument } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useState } from 'react';
import { useDeleteClientDocument } from './api/deleteClientDocument';
import { useDownloadClientDocument } from './api/downloadClientDocument';
import { useClientDocuments } from './api/getClientDocuments';
import { fileSize } from './documentFile';

/** One document: what it is, its file, when and by whom it came; 'Baixar', and 'Excluir' after a confirmation. */
function DocumentItem({ document }: { document: ClientDocument }) {
  const download = useDownloadClientDocument();
  const removal = useDeleteClientDocument(document.ID_Cliente);
  const [confirming, setConfirming] = useState(false);
  const name = `${document.DE_TipoDocumento}: ${document.NO_Arquivo}`;
  return (
    <li className="att-documents__item" aria-label={name}>
      <div className="att-documents__what">
        <strong>{document.DE_TipoDocumento}</strong>
        <span className="att-documents__file" title={document.NO_Arquivo}>
          {document.NO_Arquivo}
        </span>
        <span className="att-documents__meta">
          {fileSize(document.NU_Bytes)} · {formatSaoPauloDateTime(document.TS_Envio)} · {document.DE_Pessoa}
        </span>
      </div>
      <div className="att-documents__actions">
        {confirming ? (
          <>
            <span>Excluir este documento?</span>
            <button type="button" className="consig-button consig-button--ghost" onClick={() => setConfirming(false)}>
              Cancelar
            </button>
            <button
              type="button"
              className="consig-button"
              disabled={removal.isPending}
              aria-busy={removal.isPending}
              onClick={() =>
                removal.mutate(
                  { clientId: document.ID_Cliente, documentId: document.DocumentoID },
                  { onSettled: () => setConfirming(false) },
                )
              }
            >
              Confirmar exclusão
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="consig-button consig-button--ghost"
              disabled={download.isPending}
              aria-busy={download.isPending}
              onClick={() => download.mutate(document)}
            >
              Baixar
            </button>
            <button type="button" className="consig-button consig-button--ghost" onClick={() => setConfirming(true)}>
              Excluir
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/** The client's documents, newest first. */
export function DocumentList({ clientId }: { clientId: number }) {
  const { data: documents, isPending, isSlow } = useClientDocuments(clientId);
  if (isPending) return <QueryLoading slow={isSlow} />;
  if (!documents) return null;
  if (documents.length === 0) return <p className="consig-empty">Nenhum documento enviado.</p>;
  return (
    <ul className="att-documents__list" aria-label="Documentos do cliente">
      {documents.map((document) => (
        <DocumentItem key={document.DocumentoID} document={document} />
      ))}
    </ul>
  );
}
