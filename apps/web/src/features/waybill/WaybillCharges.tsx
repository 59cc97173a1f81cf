/**
 * The receivable charges of a waybill (issue 14) in its detail: the rating state (rated, no effective
 * contract, no matching rate — never a silent zero), each charge with its amount, tax rate and the
 * explanation of how it was priced, in the user's language. Read through GET /api/finance/charge/list.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Typography } from 'antd';
import type { z } from 'zod';
import { FinanceApi } from '@tms/domain';
import { call } from '../../platform/api.ts';
import { useResourceContext } from '../../platform/resource/context.ts';

type Answer = z.output<typeof FinanceApi.ChargeListAnswer>;
type Charge = Answer['rows'][number];

export default function WaybillCharges({ waybillId }: { waybillId: number }) {
  const { t } = useResourceContext();
  const q = useQuery({ queryKey: ['waybillCharges', waybillId], queryFn: () => call(FinanceApi.endpoints.chargeList, { query: { waybillId } }), staleTime: 0 });
  const a = q.data;
  const rating = a?.rating;
  return (
    <div data-testid="waybill-charges" style={{ marginTop: 16 }}>
      <Typography.Title level={5}>{t('waybill.charges.title')}</Typography.Title>
      {a && !rating && <Alert type="info" showIcon message={t('waybill.charges.notRated')} style={{ marginBottom: 8 }} />}
      {rating && rating.state !== 'RATED' && <Alert type="warning" showIcon message={t(`dicts.fin_charge_state.${rating.state}`)} style={{ marginBottom: 8 }} data-testid="waybill-charges-state" />}
      {rating && rating.state === 'RATED' && (
        <Typography.Paragraph>
          {t('waybill.charges.summary', { code: rating.contractCode, version: rating.contractVersion, total: rating.totalAmount, currency: rating.currency })}
        </Typography.Paragraph>
      )}
      <Table<Charge>
        rowKey="id"
        size="small"
        bordered
        loading={q.isLoading}
        pagination={false}
        dataSource={a?.rows ?? []}
        columns={[
          { title: t('waybill.charges.chargeType'), key: 'type', render: (_, c) => c.chargeTypeName ?? c.chargeTypeCode },
          { title: t('waybill.charges.amount'), key: 'amount', align: 'right', render: (_, c) => `${c.amount} ${c.currency}` },
          { title: t('waybill.charges.taxRate'), key: 'tax', align: 'right', render: (_, c) => `${c.taxRate} %` },
          { title: t('waybill.charges.explanation'), dataIndex: 'explanation', key: 'explanation' },
        ]}
      />
    </div>
  );
}
