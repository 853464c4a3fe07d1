// Draws the results on the bench page from the same cells the Node report prints.
import { absoluteCells, ratioCells, targets, workMismatches, type Cells } from '../report.ts';
import { chartSvg } from '../chart.ts';
import type { BenchResults } from '../suites.ts';

function tableElement(cells: Cells): HTMLTableElement {
  const tableEl = document.createElement('table');
  const head = tableEl.createTHead().insertRow();
  for (const h of cells.header) head.appendChild(document.createElement('th')).textContent = h;
  const body = tableEl.createTBody();
  for (const row of cells.rows) {
    const tr = body.insertRow();
    row.forEach((cell, i) => {
      const td = tr.insertCell();
      td.textContent = cell;
      if (i > 0) td.className = 'number';
    });
  }
  return tableEl;
}

export function showResults(results: BenchResults, subtitle: string): void {
  document.getElementById('output')!.hidden = false;
  document.getElementById('absolute')!.replaceChildren(tableElement(absoluteCells(results)));
  document.getElementById('ratios')!.replaceChildren(tableElement(ratioCells(results)));
  const items = targets(results)
    .filter((t) => !t.goal.includes('native'))
    .map((t) => {
      const li = document.createElement('li');
      li.textContent = `${t.goal}: ${t.measured}${t.met === null ? '' : t.met ? ' (met)' : ' (not met)'}`;
      if (t.met === false) li.className = 'missed';
      return li;
    });
  for (const warning of workMismatches(results)) {
    const li = document.createElement('li');
    li.textContent = `Warning: ${warning}`;
    li.className = 'missed';
    items.push(li);
  }
  document.getElementById('targets')!.replaceChildren(...items);
  // chartSvg escapes every text it writes, so the markup is safe to insert.
  document.getElementById('chart')!.innerHTML = chartSvg(results, subtitle);
}
