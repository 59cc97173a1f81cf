/** /drag: a small sortable list (drag and drop with the HTML5 drag events). */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, List, Typography } from 'antd';
import { HolderOutlined } from '@ant-design/icons';

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = list.slice();
  const [it] = next.splice(from, 1);
  next.splice(to, 0, it as T);
  return next;
}

export default function DragDemo({ standalone }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const [items, setItems] = useState(() => [1, 2, 3, 4, 5].map((n) => ({ id: n, label: t('drag.item', { n }) })));
  const [dragging, setDragging] = useState<number | null>(null);
  return (
    <div style={standalone ? { maxWidth: 520, margin: '48px auto', padding: '0 16px' } : undefined}>
      <Card title={t('drag.title')} extra={standalone ? <Link to="/welcome">{t('views.backHome')}</Link> : undefined}>
        <Typography.Paragraph type="secondary">{t('drag.hint')}</Typography.Paragraph>
        <List
          bordered
          dataSource={items}
          renderItem={(it, i) => (
            <List.Item
              draggable
              data-testid={`drag-item-${it.id}`}
              onDragStart={() => setDragging(i)}
              onDragEnd={() => setDragging(null)}
              onDragOver={(e) => {
                e.preventDefault();
                if (dragging !== null && dragging !== i) {
                  setItems((l) => moveItem(l, dragging, i));
                  setDragging(i);
                }
              }}
              style={{ cursor: 'grab', opacity: dragging === i ? 0.5 : 1 }}
            >
              <span>
                <HolderOutlined style={{ marginRight: 8 }} />
                {it.label}
              </span>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
