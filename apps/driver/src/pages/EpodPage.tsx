/**
 * Proof of delivery at a stop: the waybill's code scanned (or typed) confirms the right stop; then
 * the signed quantity of every line, shortage and damage with a reason, remarks, photos (compressed
 * on the phone) and the consignee's signature. Submitting puts it in the outbox: it is sent when
 * the network allows, exactly once.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import TextArea from 'antd-mobile/es/components/text-area';
import Toast from 'antd-mobile/es/components/toast';
import { useT } from '../i18n.ts';
import { Bar, Counter } from '../ui.tsx';
import { cachedEpod, cachedTasks, type EpodLine } from '../data.ts';
import { enqueue } from '../outbox.ts';
import { compressPhoto } from '../photos.ts';
import { go } from '../nav.ts';
import type { SignatureHandle } from '../Signature.tsx';

const Signature = lazy(() => import('../Signature.tsx'));
const Scanner = lazy(() => import('../Scanner.tsx'));

const SHORT_REASONS = ['MISSING', 'SHORT_LOADED', 'OTHER'];
const DAMAGE_REASONS = ['BROKEN', 'WET', 'CRUSHED', 'OTHER'];

interface LineState {
  signed: number;
  shortage: number;
  damage: number;
  reason: string | null;
}

/** The waybill code as typed or scanned: case and blanks do not matter. */
export const sameCode = (a: string, b: string | null) => b !== null && a.trim().toUpperCase() === b.trim().toUpperCase();

export function EpodPage({ shipmentId, epodId }: { shipmentId: number; epodId: number }) {
  const { t } = useT();
  const epod = cachedEpod(epodId);
  const shipment = cachedTasks()?.list.find((s) => s.id === shipmentId);
  const [arrival] = useState(() => new Date().toISOString());
  const [confirmed, setConfirmed] = useState(false);
  const [typed, setTyped] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [lines, setLines] = useState<Record<number, LineState>>(() =>
    Object.fromEntries((epod?.lines ?? []).map((l) => [l.id, { signed: l.shippedQuantity, shortage: 0, damage: 0, reason: null }])),
  );
  const [remark, setRemark] = useState('');
  const [photos, setPhotos] = useState<{ blob: Blob; url: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sign = useRef<SignatureHandle>(null);
  const back = () => go(`#/task/${shipmentId}`);

  if (!epod)
    return (
      <>
        <Bar onBack={back}>
          {t('epod.title')}
        </Bar>
        <div className="card err">{t('epod.notCached')}</div>
      </>
    );

  const check = (code: string) => {
    setScanning(false);
    if (sameCode(code, epod.waybillCode)) {
      setConfirmed(true);
      setCodeError(null);
    } else {
      setConfirmed(false);
      setCodeError(t('epod.foreign', { code: code.trim() }));
    }
  };
  const setLine = (l: EpodLine, patch: Partial<LineState>) => setLines((all) => ({ ...all, [l.id]: { ...all[l.id]!, ...patch } }));

  const addPhotos = async (files: FileList | null) => {
    if (!files) return;
    const out: { blob: Blob; url: string }[] = [];
    for (const f of Array.from(files)) {
      const blob = await compressPhoto(f);
      out.push({ blob, url: URL.createObjectURL(blob) });
    }
    setPhotos((p) => [...p, ...out]);
  };

  const submit = async () => {
    if (!confirmed) return setError(t('epod.needConfirm'));
    for (const l of epod.lines) {
      const s = lines[l.id]!;
      if (s.signed + s.shortage > l.shippedQuantity || s.damage > l.shippedQuantity) return setError(t('epod.overShipped'));
      if ((s.shortage > 0 || s.damage > 0) && !s.reason) return setError(t('epod.reasonRequired'));
    }
    if (!sign.current || sign.current.isEmpty()) return setError(t('epod.needSignature'));
    setBusy(true);
    try {
      const signature = await sign.current.toBlob();
      const report = {
        arrivalTime: arrival,
        signTime: new Date().toISOString(),
        remark: remark.trim() || null,
        lines: epod.lines.map((l) => {
          const s = lines[l.id]!;
          const kind = s.shortage > 0 && s.damage > 0 ? 'SHORTAGE+DAMAGE' : s.shortage > 0 ? 'SHORTAGE' : s.damage > 0 ? 'DAMAGE' : null;
          return {
            lineId: l.id,
            signedQuantity: s.signed,
            cases: null,
            pallets: null,
            shortage: s.shortage,
            damage: s.damage,
            remark: kind ? `${kind}:${s.reason}` : null,
          };
        }),
      };
      await enqueue({ type: 'epod', epodId: epod.id, shipmentId, label: epod.code, report, pictures: [...photos.map((p) => p.blob), ...(signature ? [signature] : [])], sent: 0 });
      Toast.show({ content: t('epod.saved') });
      back();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Bar onBack={back}>
        {t('epod.title')}
      </Bar>
      <div className="card">
        <h3>
          <span>{epod.code}</span>
          <span className="muted">{shipment?.shipmentCode}</span>
        </h3>
        {confirmed ? (
          <div className="ok" data-testid="code-confirmed">
            {t('epod.confirmed', { code: epod.waybillCode })}
          </div>
        ) : (
          <>
            <Button block color="primary" fill="outline" onClick={() => setScanning((v) => !v)} data-testid="scan">
              {t('epod.scan')}
            </Button>
            {scanning && (
              <Suspense fallback={null}>
                <div className="muted">{t('epod.scanning')}</div>
                <Scanner
                  onCode={check}
                  onError={() => {
                    setScanning(false);
                    setCodeError(t('epod.noCamera'));
                  }}
                />
              </Suspense>
            )}
            <div className="row">
              <Input className="grow" placeholder={t('epod.typed')} value={typed} onChange={setTyped} onEnterPress={() => check(typed)} data-testid="typed-code" aria-label={t('epod.typed')} />
              <Button size="small" onClick={() => check(typed)} data-testid="confirm-code">
                {t('epod.confirm')}
              </Button>
            </div>
          </>
        )}
        {codeError && (
          <div className="err" role="alert" data-testid="code-error">
            {codeError}
          </div>
        )}
      </div>
      {confirmed && (
        <>
          <div className="card">
            <div className="muted">{t('epod.lines')}</div>
            {epod.lines.map((l) => {
              const s = lines[l.id]!;
              const reasons = [...new Set([...(s.shortage ? SHORT_REASONS : []), ...(s.damage ? DAMAGE_REASONS : [])])];
              return (
                <div className="line" key={l.id} data-testid="epod-line">
                  <div>
                    {l.posNo}. {l.itemName ?? l.itemCode} <span className="muted">{t('epod.shipped', { n: `${l.shippedQuantity}${l.unit ?? ''}` })}</span>
                  </div>
                  <div className="line-grid">
                    <span aria-hidden="true">{t('epod.signed')}</span>
                    <Counter label={`${l.itemName ?? l.itemCode} · ${t('epod.signed')}`} min={0} max={l.shippedQuantity} value={s.signed} onChange={(v) => setLine(l, { signed: v })} testId="signed" />
                    <span aria-hidden="true">{t('epod.shortage')}</span>
                    <Counter label={`${l.itemName ?? l.itemCode} · ${t('epod.shortage')}`} min={0} max={l.shippedQuantity} value={s.shortage} onChange={(v) => setLine(l, { shortage: v, signed: Math.max(0, l.shippedQuantity - v - 0) })} testId="shortage" />
                    <span aria-hidden="true">{t('epod.damage')}</span>
                    <Counter label={`${l.itemName ?? l.itemCode} · ${t('epod.damage')}`} min={0} max={l.shippedQuantity} value={s.damage} onChange={(v) => setLine(l, { damage: v })} testId="damage" />
                  </div>
                  {reasons.length > 0 && (
                    <div style={{ marginTop: 6 }}>
                      <div className="muted">{t('epod.reason')}</div>
                      <Selector columns={3} options={reasons.map((r) => ({ value: r, label: t(`epod.reasons.${r}`) }))} value={s.reason ? [s.reason] : []} onChange={(v) => setLine(l, { reason: v[0] ?? null })} data-testid="reason" />
                    </div>
                  )}
                </div>
              );
            })}
          </div>
          <div className="card">
            <label className="muted" htmlFor="epod-remark">
              {t('epod.remark')}
            </label>
            <TextArea id="epod-remark" value={remark} onChange={setRemark} maxLength={200} rows={2} data-testid="remark" />
          </div>
          <div className="card">
            <div className="muted">{t('epod.photos')}</div>
            <label className="adm-button adm-button-default adm-button-block" style={{ marginTop: 6 }}>
              {t('epod.addPhoto')}
              <input type="file" accept="image/*" capture="environment" multiple hidden onChange={(e) => void addPhotos(e.target.files)} data-testid="photo-input" />
            </label>
            <div className="photos">
              {photos.map((p, i) => (
                <img key={i} src={p.url} alt={`${t('epod.photos')} ${i + 1}`} data-testid="photo" />
              ))}
            </div>
          </div>
          <div className="card">
            <div className="row" style={{ marginTop: 0 }}>
              <span className="muted grow">{t('epod.signature')}</span>
              <Button size="mini" onClick={() => sign.current?.clear()}>
                {t('epod.clear')}
              </Button>
            </div>
            <Suspense fallback={<div className="sign" />}>
              <Signature ref={sign} label={t('epod.signHere')} />
            </Suspense>
          </div>
          <div className="card">
            {error && (
              <div className="err" role="alert" style={{ marginBottom: 8 }}>
                {error}
              </div>
            )}
            <Button block color="primary" size="large" loading={busy} onClick={() => void submit()} data-testid="submit-epod">
              {t('epod.submit')}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
