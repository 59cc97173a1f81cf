/** Number rules: the generic list; the form shows a live example code while typing. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Col, Form } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { resourceByName, SystemApi } from '@tms/domain';
import { callData } from '../../../platform/api.ts';
import ResourceTable from '../../../platform/resource/ResourceTable.tsx';
import type { FormExtension } from '../../../platform/resource/ResourceForm.tsx';

const def = resourceByName.get('numberRule')!;

function LiveExample() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const prefix = Form.useWatch('prefix', form) as string | undefined;
  const timestampEnabled = Form.useWatch('timestampEnabled', form) as boolean | undefined;
  const timestampPattern = Form.useWatch('timestampPattern', form) as string | undefined;
  const serialLength = Form.useWatch('serialLength', form) as number | undefined;
  const [example, setExample] = useState<string>('');
  useEffect(() => {
    const n = Number(serialLength);
    if (!Number.isInteger(n) || n < 3 || n > 12) return setExample('');
    const timer = setTimeout(() => {
      callData(
        SystemApi.endpoints.numberExample,
        // the query string says true / false in words
        { query: { prefix: prefix ?? '', timestampEnabled: String(timestampEnabled !== false), timestampPattern: timestampPattern || 'YYYYMMDD', serialLength: n } },
        { silent: true },
      )
        .then((r) => setExample(r.example))
        .catch(() => setExample(''));
    }, 250);
    return () => clearTimeout(timer);
  }, [prefix, timestampEnabled, timestampPattern, serialLength]);
  return (
    <Col span={24}>
      <ProForm.Item>
        <Alert type="info" showIcon data-testid="number-rule-example" message={t('system.numberRule.example')} description={<code style={{ fontSize: 16 }}>{example || '-'}</code>} />
      </ProForm.Item>
    </Col>
  );
}

const formExt: FormExtension = { extra: () => <LiveExample /> };

export default function NumberRulePage() {
  return <ResourceTable resource={def} syncUrl form={formExt} />;
}
