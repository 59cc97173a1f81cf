/**
 * A dispute's attachment (issue 15): a photo or a PDF uploaded through the statement's own upload route
 * (back office: /finance/statement/disputeFile; portal: /portal/statements/file), its id sent with the
 * dispute; shown on the statement's lines as a link (signed, opens in a new tab).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Space, Upload } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import type { SettlementApi } from '@tms/domain';
import { HttpError } from '../../platform/http.ts';
import { callData } from '../../platform/api.ts';

type DisputeFile = z.output<typeof SettlementApi.DisputeFile>;
export const ATTACHMENT_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,application/pdf';

/** The upload route of a dispute's attachment (back office or portal: the same answer). */
type Upload = typeof SettlementApi.endpoints.disputeFile;

/** A form control: picks a file, uploads it through `upload` and holds its id. */
export function AttachmentInput({ upload, onChange }: { upload: Upload; value?: number | null; onChange?: (id: number | null) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<DisputeFile | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (f: File) => {
    const fd = new FormData();
    fd.append('file', f, f.name);
    setBusy(true);
    try {
      const r = await callData(upload, { body: fd }, { silent: true, timeoutMs: 120_000 });
      setFile(r);
      onChange?.(r.id);
    } catch (e) {
      message.error(e instanceof HttpError || e instanceof Error ? e.message : t('messages.systemError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space>
      <Upload accept={ATTACHMENT_ACCEPT} maxCount={1} showUploadList={false} disabled={busy} beforeUpload={(f) => (void send(f), false)}>
        <Button icon={<UploadOutlined />} loading={busy} data-testid="dispute-attach">
          {t('settlement.attach')}
        </Button>
      </Upload>
      {file && <AttachmentLink file={file} />}
    </Space>
  );
}

/** The attachment as a link that opens it. */
export function AttachmentLink({ file }: { file: DisputeFile }) {
  return (
    <a href={file.url} target="_blank" rel="noreferrer" data-testid="dispute-file">
      <PaperClipOutlined /> {file.name}
    </a>
  );
}
