import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import type { UnusedAssessor } from '@portal/shared';
import { bandsOf } from './months-since';

/** Assessors by months since last use, drawn from the report's rows (loaded only on this page). */
export default function UnusedChart({ rows }: { rows: readonly UnusedAssessor[] }) {
  const data = bandsOf(rows);
  return (
    <figure style={{ margin: 0 }} aria-label="Assessors by months since last use">
      <BarChart
        h={260}
        data={data}
        dataKey="band"
        series={[{ name: 'assessors', label: 'Assessors', color: 'blue.7' }]}
        xAxisLabel="Months since last use"
        yAxisLabel="Assessors"
        yAxisProps={{ allowDecimals: false }}
        tickLine="y"
        withBarValueLabel
      />
      <VisuallyHidden>
        <table>
          <caption>Assessors by months since last use</caption>
          <tbody>
            {data.map((d) => (
              <tr key={d.band}>
                <th scope="row">{d.band}</th>
                <td>{d.assessors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
