/**
 * Read-only BPMN diagram (bpmn-js NavigatedViewer: pan and zoom) with the elements an instance passed
 * and its current user tasks highlighted through canvas markers. Loaded lazily with bpmn-js.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './diagram.css';

export interface BpmnViewerProps {
  xml: string;
  /** element ids passed (activities and sequence flows) */
  done?: string[];
  /** element ids of the current user tasks */
  current?: string[];
  height?: number;
}

interface Canvas {
  zoom(level: 'fit-viewport'): void;
  addMarker(id: string, marker: string): void;
}
interface Registry {
  get(id: string): unknown;
}

export default function BpmnViewer({ xml, done = [], current = [], height = 360 }: BpmnViewerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const key = `${done.join(',')}|${current.join(',')}`;
  useEffect(() => {
    const viewer = new NavigatedViewer({ container: ref.current! });
    let alive = true;
    viewer
      .importXML(xml)
      .then(() => {
        if (!alive) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<Registry>('elementRegistry');
        canvas.zoom('fit-viewport');
        for (const id of done) if (registry.get(id) && !current.includes(id)) canvas.addMarker(id, 'wf-done');
        for (const id of current) if (registry.get(id)) canvas.addMarker(id, 'wf-current');
        setError(null);
      })
      .catch((e: Error) => alive && setError(e.message));
    return () => {
      alive = false;
      viewer.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- markers are keyed by their ids
  }, [xml, key]);
  return (
    <>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} />}
      <div ref={ref} className="wf-diagram" data-testid="bpmn-viewer" style={{ height }} />
    </>
  );
}
