/** The generic page of a resource's menu entry: its list, with page, filters and sort kept in the URL. */
import type { ResourceDef } from '@tms/domain';
import ResourceTable from './ResourceTable.tsx';

export default function ResourcePage({ resource }: { resource: ResourceDef }) {
  return <ResourceTable key={resource.name} resource={resource} syncUrl />;
}
