/** The order-lines menu page (component order/lines): every line of the orders in scope, with its order's code. */
import { orderLineResource } from '@tms/domain';
import ResourceTable from '../../platform/resource/ResourceTable.tsx';

export default function OrderLinesPage() {
  return <ResourceTable resource={orderLineResource} syncUrl />;
}
