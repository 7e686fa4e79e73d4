import { errorText, ROUTES, TOAST_MS } from '@consig/shared';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useParams } from 'react-router-dom';
import { downloadTemplate } from './api/downloadTemplate';
import { UploadDialog } from '../lib/upload/UploadDialog';

/** /campanhas/importar-lotes/{id} (product-spec §2 "Own batch import"). */
export function BatchImportPage() {
  const { id = '' } = useParams();
  const campaignId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : NaN;
  const [uploading, setUploading] = useState(false);
  const [fetchingTemplate, setFetchingTemplate] = useState(false);

  if (!Number.isSafeInteger(campaignId)) {
    return (
      <section className="consig-panel">
        <p>Campanha inválida.</p>
        <Link to={ROUTES.campaigns} className="consig-button consig-button--ghost">
          Voltar
        </Link>
      </section>
    );
  }

  const saveTemplate = async () => {
    setFetchingTemplate(true);
    try {
      await downloadTemplate();
    } catch (error) {
      toast.error(errorText(error), { duration: TOAST_MS.screens });
    } finally {
      setFetchingTemplate(false);
    }
  };

  return (
    <section className="consig-panel" aria-labelledby="batch-import-title">
      <h2 id="batch-import-title">Importar lote próprio</h2>
      <div className="cmp-toolbar">
        <Link to={ROUTES.campaigns} className="consig-button">
          Voltar
        </Link>
        <button type="button" className="consig-button" onClick={saveTemplate} disabled={fetchingTemplate}>
          Baixar modelo de planilha
        </button>
        <button type="button" className="consig-button" onClick={() => setUploading(true)}>
          Importar arquivo
        </button>
      </div>
      <p>Preencha o modelo de planilha (CSV) com os clientes e envie o arquivo para a campanha.</p>
      {uploading ? <UploadDialog campaignId={campaignId} onClose={() => setUploading(false)} /> : null}
    </section>
  );
}
