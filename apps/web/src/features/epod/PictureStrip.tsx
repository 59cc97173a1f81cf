/**
 * Receipt pictures (spec §9: more than five shows only five): five thumbnails and a "+N" tile; any of
 * them opens the viewer (antd Image.PreviewGroup) on every picture, starting at the one clicked.
 */
import { useState } from 'react';
import { Image, Space, Typography } from 'antd';
import { shownPictures } from '@tms/domain';
import { useResourceContext } from '../../platform/resource/context.ts';
import type { Picture } from './api.ts';

export default function PictureStrip({ pictures, size = 72, testId }: { pictures: Picture[]; size?: number; testId?: string }) {
  const { t } = useResourceContext();
  const [view, setView] = useState<{ open: boolean; current: number }>({ open: false, current: 0 });
  if (!pictures.length) return <Typography.Text type="secondary">{t('epod.pictures.none')}</Typography.Text>;
  const { shown, more } = shownPictures(pictures);
  const open = (current: number) => setView({ open: true, current });
  const tile = { width: size, height: size, borderRadius: 4, cursor: 'pointer' } as const;
  return (
    <Space size={6} wrap data-testid={testId}>
      {shown.map((p, i) => (
        <Image key={p.id} src={p.url} alt={p.name} width={size} height={size} style={{ ...tile, objectFit: 'cover' }} preview={false} onClick={() => open(i)} data-testid="epod-picture" />
      ))}
      {more > 0 && (
        <div
          role="button"
          tabIndex={0}
          data-testid="epod-picture-more"
          onClick={() => open(shown.length)}
          onKeyDown={(e) => e.key === 'Enter' && open(shown.length)}
          style={{ ...tile, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(0,0,0,0.45)', color: '#fff', fontSize: 18 }}
        >
          {t('epod.pictures.more', { count: more })}
        </div>
      )}
      <Image.PreviewGroup
        items={pictures.map((p) => p.url)}
        preview={{
          visible: view.open,
          current: view.current,
          onVisibleChange: (v) => setView((s) => ({ ...s, open: v })),
          onChange: (current) => setView((s) => ({ ...s, current })),
        }}
      />
    </Space>
  );
}
