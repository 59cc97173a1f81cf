/**
 * The vehicle check before departure (or on the way): every item of the checklist passes or fails,
 * a failing one with what is wrong and photos (compressed on the phone), and a remark. Submitting
 * puts it in the outbox with the phone's position: sent when the network allows, exactly once, and
 * read by the back office's vehicle check report.
 */
import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Selector from 'antd-mobile/es/components/selector';
import TextArea from 'antd-mobile/es/components/text-area';
import Toast from 'antd-mobile/es/components/toast';
import { useT } from '../i18n.ts';
import { Bar } from '../ui.tsx';
import { cachedCheckItems, cachedTasks, fetchCheckItems, type CheckItem } from '../data.ts';
import { enqueue } from '../outbox.ts';
import { compressPhoto } from '../photos.ts';
import { go } from '../nav.ts';

/** At most this many photos per item (the server's limit). */
const PHOTOS_PER_ITEM = 9;

interface Answer {
  passed: boolean | null;
  remark: string;
  photos: { blob: Blob; url: string }[];
}
const blank = (): Answer => ({ passed: null, remark: '', photos: [] });

/** The phone's position if it comes quickly, else none (the check does not wait for it). */
const here = () =>
  new Promise<{ lng: number; lat: number } | null>((ok) => {
    if (!('geolocation' in navigator)) return ok(null);
    navigator.geolocation.getCurrentPosition(
      (p) => ok({ lng: p.coords.longitude, lat: p.coords.latitude }),
      () => ok(null),
      { timeout: 3000, maximumAge: 60_000 },
    );
  });

function ItemRow({ item, a, set }: { item: CheckItem; a: Answer; set: (patch: Partial<Answer>) => void }) {
  const { t } = useT();
  const addPhotos = async (files: FileList | null) => {
    if (!files) return;
    const out: Answer['photos'] = [];
    for (const f of Array.from(files).slice(0, PHOTOS_PER_ITEM - a.photos.length)) {
      const blob = await compressPhoto(f);
      out.push({ blob, url: URL.createObjectURL(blob) });
    }
    set({ photos: [...a.photos, ...out] });
  };
  return (
    <div className="line" data-testid="check-item" data-code={item.code}>
      <div className="row" style={{ marginTop: 0 }}>
        <span className="grow">{item.label}</span>
        <Selector
          columns={2}
          options={[
            { value: 'pass', label: t('check.pass') },
            { value: 'fail', label: t('check.fail') },
          ]}
          value={a.passed === null ? [] : [a.passed ? 'pass' : 'fail']}
          onChange={(v) => set({ passed: v[0] === undefined ? null : v[0] === 'pass' })}
          aria-label={item.label}
        />
      </div>
      {a.passed === false && (
        <>
          <label className="sr-only" htmlFor={`check-remark-${item.code}`}>
            {`${item.label} · ${t('check.remark')}`}
          </label>
          <TextArea id={`check-remark-${item.code}`} className="input-box" placeholder={t('check.remark')} value={a.remark} onChange={(v) => set({ remark: v })} maxLength={200} rows={2} data-testid="check-remark" />
          <div className="photos">
            {a.photos.map((p, i) => (
              <img key={i} src={p.url} alt={`${item.label} ${i + 1}`} data-testid="check-photo" />
            ))}
            {a.photos.length < PHOTOS_PER_ITEM && (
              <label className="adm-button adm-button-default adm-button-small" style={{ alignSelf: 'center' }}>
                {t('check.addPhoto')}
                <input type="file" accept="image/*" capture="environment" multiple hidden onChange={(e) => void addPhotos(e.target.files)} data-testid="check-photo-input" />
              </label>
            )}
          </div>
        </>
      )}
    </div>
  );
}

export function VehicleCheckPage({ shipmentId }: { shipmentId: number }) {
  const { t, lang } = useT();
  const shipment = cachedTasks()?.list.find((s) => s.id === shipmentId) ?? null;
  const [items, setItems] = useState(() => cachedCheckItems(lang));
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const back = () => go(`#/task/${shipmentId}`);
  useEffect(() => {
    setItems(cachedCheckItems(lang));
    if (navigator.onLine) void fetchCheckItems(lang).then(setItems, () => undefined);
  }, [lang]);

  const answer = (code: string) => answers[code] ?? blank();
  const set = (code: string, patch: Partial<Answer>) => {
    setError(null);
    setAnswers((all) => ({ ...all, [code]: { ...(all[code] ?? blank()), ...patch } }));
  };
  const allPass = () => {
    setError(null);
    setAnswers((all) => Object.fromEntries((items ?? []).map((i) => [i.code, all[i.code]?.passed === false ? all[i.code]! : { ...blank(), passed: true }])));
  };

  const submit = async () => {
    if (!items || !shipment) return;
    const open = items.filter((i) => answer(i.code).passed === null).length;
    if (open) return setError(t('check.unanswered', { n: open }));
    setBusy(true);
    try {
      const at = await here();
      const list = items.map((i) => ({ item: i, a: answer(i.code) }));
      const photos = list.flatMap(({ a }, n) => (a.passed ? [] : a.photos.map((p) => ({ blob: p.blob, n }))));
      await enqueue({
        type: 'vehicleCheck',
        shipmentId,
        label: shipment.shipmentCode,
        check: {
          items: list.map(({ item, a }) => ({ code: item.code, passed: a.passed!, remark: a.passed ? null : a.remark.trim() || null })),
          remark: remark.trim() || null,
          lng: at?.lng ?? null,
          lat: at?.lat ?? null,
        },
        pictures: photos.map((p) => p.blob),
        pictureOf: photos.map((p) => p.n),
        uploaded: [],
        sent: 0,
      });
      Toast.show({ content: t('check.saved') });
      back();
    } finally {
      setBusy(false);
    }
  };

  const failed = Object.values(answers).filter((a) => a.passed === false).length;
  return (
    <>
      <Bar onBack={back}>
        {t('check.title')}
      </Bar>
      {!items || !shipment ? (
        <div className="card err">{t('check.notCached')}</div>
      ) : (
        <>
          <div className="card">
            <h3>
              <span>{shipment.shipmentCode}</span>
              <span className="muted">{shipment.vehiclePlate ?? ''}</span>
            </h3>
            <div className="row">
              <span className="muted grow">{failed ? t('check.failedCount', { n: failed }) : t('check.hint')}</span>
              <Button size="small" onClick={allPass} data-testid="check-all-pass">
                {t('check.allPass')}
              </Button>
            </div>
          </div>
          <div className="card" data-testid="check-items">
            {items.map((i) => (
              <ItemRow key={i.code} item={i} a={answer(i.code)} set={(p) => set(i.code, p)} />
            ))}
          </div>
          <div className="card">
            <label className="muted" htmlFor="check-overall">
              {t('check.overall')}
            </label>
            <TextArea id="check-overall" className="input-box" value={remark} onChange={setRemark} maxLength={200} rows={2} data-testid="check-overall" />
          </div>
          <div className="card">
            {error && (
              <div className="err" role="alert" style={{ marginBottom: 8 }} data-testid="check-error">
                {error}
              </div>
            )}
            <Button block color="primary" size="large" loading={busy} onClick={() => void submit()} data-testid="submit-check">
              {t('check.submit')}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
