/** One QR code with its label (a lazy chunk: qrcode.react loads when the QR popover first opens). */
import { Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';

export const QR_SIZE = 100;

export default function QrCode({ value, label }: { value: string; label: string }) {
  return (
    <Space direction="vertical" align="center" size={4}>
      <QRCodeSVG value={value} size={QR_SIZE} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
    </Space>
  );
}
