/**
 * The donut of the account kinds (lazy chunk: @mantine/charts + recharts). Hidden from assistive
 * technology and out of the tab order (recharts' keyboard layer, a focusable role=application,
 * is off, and the pie's own tab stop too: nothing focusable inside the aria-hidden box): the table
 * beside it is its text alternative. Its numbers are drawing coordinates only; every figure a
 * user reads comes from the cents in the table.
 */
import { DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

export interface DonutSlice {
  name: string;
  value: number;
  color: string;
}

export default function DistributionDonut({ data }: { data: DonutSlice[] }) {
  return (
    <div aria-hidden data-testid="distribution-donut">
      <DonutChart
        data={data}
        size={168}
        accessibilityLayer={false}
        pieProps={{ rootTabIndex: -1 }}
        thickness={26}
        withTooltip={false}
        withLabels={false}
        strokeWidth={1}
      />
    </div>
  );
}
