// Resident memory of the local runtime's workerd processes, read from Linux /proc, for the
// measurement scripts that report a peak.
import { readdirSync, readFileSync } from "node:fs";

/** The workerd processes under `rootPid` (Linux /proc), or [] where /proc is not there. */
export function workerdPids(rootPid) {
  let entries;
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const parentOf = new Map();
  const nameOf = new Map();
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      nameOf.set(Number(pid), stat.slice(stat.indexOf("(") + 1, close));
      parentOf.set(Number(pid), Number(stat.slice(close + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid) => {
    for (let p = pid; p > 1; p = parentOf.get(p) ?? 0) if (p === rootPid) return true;
    return false;
  };
  return [...nameOf].filter(([pid, name]) => name.startsWith("workerd") && under(pid)).map(([pid]) => pid);
}

/** Peak (VmHWM) and current (VmRSS) resident memory of those processes, summed, in bytes. */
export function residentMemory(pids) {
  let peak = 0;
  let current = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      peak += Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      current += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // gone meanwhile
    }
  }
  return { peak, current };
}
