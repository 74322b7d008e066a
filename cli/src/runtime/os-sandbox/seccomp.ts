// The seccomp filter bubblewrap loads before it starts the tool (`bwrap --seccomp FD`): a classic
// BPF program over `struct seccomp_data`, refusing the system calls a tool has no use for and an
// attacker has (docs/sandbox.md, "The OS boundary on Linux"). Written here rather than taken from a
// library because it is policy, not mechanism: the list of calls is ours, the encoding is the
// kernel's eight-byte `struct sock_filter`.
import { arch } from 'node:process';

/** `struct sock_filter` fields (linux/filter.h). */
interface Instruction {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

const LD_W_ABS = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ_K = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE_K = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JSET_K = 0x45; // BPF_JMP | BPF_JSET | BPF_K
const RET_K = 0x06; // BPF_RET | BPF_K

const RET_ALLOW = 0x7fff0000;
const RET_KILL_PROCESS = 0x80000000;
const RET_ERRNO = 0x00050000;
const EPERM = 1;
const ENOSYS = 38;
const EAFNOSUPPORT = 97;

/** Offsets in `struct seccomp_data`: nr, arch, instruction pointer, then six 64-bit arguments. */
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;

const CLONE_THREAD = 0x00010000;
/** CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET. */
const CLONE_NEW_ANY = 0x7e020000;
/** Socket families a tool may open: local (the proxy's socket), IPv4 and IPv6 (the sandbox's own
 * loopback only: the network namespace has no other interface), netlink (libuv's list of
 * interfaces). Packet sockets, the kernel crypto API, vsock, XDP and the rest are refused. */
const ALLOWED_FAMILIES = [1, 2, 10, 16];

interface ArchTable {
  audit: number;
  /** x86-64's x32 ABI shares the architecture value; its numbers have this bit set. */
  x32Bit?: number;
  socket: number;
  clone: number;
  clone3: number;
  /** Refused with EPERM. */
  denied: Record<string, number>;
  /** Refused with ENOSYS, so that the C library and libuv fall back to an older call. */
  missing: Record<string, number>;
}

// Numbers from the kernel's arch/x86/entry/syscalls/syscall_64.tbl and
// include/uapi/asm-generic/unistd.h (arm64).
const TABLES: Partial<Record<NodeJS.Architecture, ArchTable>> = {
  x64: {
    audit: 0xc000003e,
    x32Bit: 0x40000000,
    socket: 41,
    clone: 56,
    clone3: 435,
    denied: {
      fork: 57,
      vfork: 58,
      ptrace: 101,
      syslog: 103,
      personality: 135,
      pivot_root: 155,
      acct: 163,
      mount: 165,
      umount2: 166,
      swapon: 167,
      swapoff: 168,
      reboot: 169,
      sethostname: 170,
      setdomainname: 171,
      iopl: 172,
      ioperm: 173,
      init_module: 175,
      delete_module: 176,
      quotactl: 179,
      kexec_load: 246,
      add_key: 248,
      request_key: 249,
      keyctl: 250,
      unshare: 272,
      perf_event_open: 298,
      name_to_handle_at: 303,
      open_by_handle_at: 304,
      setns: 308,
      process_vm_readv: 310,
      process_vm_writev: 311,
      kcmp: 312,
      finit_module: 313,
      kexec_file_load: 320,
      bpf: 321,
      userfaultfd: 323,
      open_tree: 428,
      move_mount: 429,
      fsopen: 430,
      fsconfig: 431,
      fsmount: 432,
      fspick: 433,
      pidfd_getfd: 438,
      mount_setattr: 442,
    },
    missing: { io_uring_setup: 425, io_uring_enter: 426, io_uring_register: 427 },
  },
  arm64: {
    audit: 0xc00000b7,
    socket: 198,
    clone: 220,
    clone3: 435,
    denied: {
      umount2: 39,
      mount: 40,
      pivot_root: 41,
      quotactl: 60,
      acct: 89,
      personality: 92,
      unshare: 97,
      kexec_load: 104,
      init_module: 105,
      delete_module: 106,
      syslog: 116,
      ptrace: 117,
      reboot: 142,
      sethostname: 161,
      setdomainname: 162,
      add_key: 217,
      request_key: 218,
      keyctl: 219,
      swapon: 224,
      swapoff: 225,
      perf_event_open: 241,
      name_to_handle_at: 264,
      open_by_handle_at: 265,
      setns: 268,
      process_vm_readv: 270,
      process_vm_writev: 271,
      kcmp: 272,
      finit_module: 273,
      bpf: 280,
      userfaultfd: 282,
      kexec_file_load: 294,
      open_tree: 428,
      move_mount: 429,
      fsopen: 430,
      fsconfig: 431,
      fsmount: 432,
      fspick: 433,
      pidfd_getfd: 438,
      mount_setattr: 442,
    },
    missing: { io_uring_setup: 425, io_uring_enter: 426, io_uring_register: 427 },
  },
};

/** The system calls the filter refuses on this machine's architecture (for `pkg doctor`). */
export function seccompDeniedCalls(architecture: NodeJS.Architecture = arch): string[] | undefined {
  const table = TABLES[architecture];
  if (!table) return undefined;
  return [
    ...Object.keys(table.denied),
    ...Object.keys(table.missing),
    'clone3',
    'clone (a new process or namespace)',
    'socket (families other than local, IPv4, IPv6, netlink)',
  ];
}

/**
 * The filter for `architecture`, encoded for `bwrap --seccomp`, or undefined where there is no
 * table (the sandbox then runs without one, and `pkg doctor` says so).
 */
export function buildSeccompFilter(architecture: NodeJS.Architecture = arch): Buffer | undefined {
  const table = TABLES[architecture];
  if (!table) return undefined;
  const program: Instruction[] = [];
  const fixups: { at: number; target: 'eperm' | 'enosys' | 'kill' | 'clone' | 'socket' }[] = [];
  const op = (code: number, k: number, jt = 0, jf = 0) => program.push({ code, jt, jf, k });
  /** A conditional jump whose true branch goes to a label placed later. */
  const jumpTo = (code: number, k: number, target: (typeof fixups)[number]['target']) => {
    fixups.push({ at: program.length, target });
    op(code, k);
  };

  op(LD_W_ABS, ARCH);
  op(JEQ_K, table.audit, 1, 0);
  op(RET_K, RET_KILL_PROCESS);
  op(LD_W_ABS, NR);
  if (table.x32Bit) jumpTo(JGE_K, table.x32Bit, 'kill');
  for (const nr of Object.values(table.denied)) jumpTo(JEQ_K, nr, 'eperm');
  for (const nr of Object.values(table.missing)) jumpTo(JEQ_K, nr, 'enosys');
  jumpTo(JEQ_K, table.clone3, 'enosys');
  jumpTo(JEQ_K, table.clone, 'clone');
  jumpTo(JEQ_K, table.socket, 'socket');
  op(RET_K, RET_ALLOW);

  const labels: Record<string, number> = {};
  // clone: only threads (CLONE_THREAD set), and never into a new namespace.
  labels.clone = program.length;
  op(LD_W_ABS, ARG0_LOW);
  jumpTo(JSET_K, CLONE_NEW_ANY, 'eperm');
  op(JSET_K, CLONE_THREAD, 1, 0);
  op(RET_K, RET_ERRNO | EPERM);
  op(RET_K, RET_ALLOW);
  // socket: the first argument is the family; an allowed one jumps to the allow at the end.
  labels.socket = program.length;
  op(LD_W_ABS, ARG0_LOW);
  ALLOWED_FAMILIES.forEach((family, i) => op(JEQ_K, family, ALLOWED_FAMILIES.length - i, 0));
  op(RET_K, RET_ERRNO | EAFNOSUPPORT);
  op(RET_K, RET_ALLOW);
  labels.eperm = program.length;
  op(RET_K, RET_ERRNO | EPERM);
  labels.enosys = program.length;
  op(RET_K, RET_ERRNO | ENOSYS);
  labels.kill = program.length;
  op(RET_K, RET_KILL_PROCESS);

  for (const { at, target } of fixups) {
    const instruction = program[at];
    const to = labels[target];
    if (!instruction || to === undefined) throw new Error(`seccomp: no label ${target}`);
    const offset = to - (at + 1);
    if (offset < 0 || offset > 255) throw new Error(`seccomp: jump to ${target} out of range`);
    instruction.jt = offset;
  }
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach((ins, i) => {
    bytes.writeUInt16LE(ins.code, i * 8);
    bytes.writeUInt8(ins.jt, i * 8 + 2);
    bytes.writeUInt8(ins.jf, i * 8 + 3);
    bytes.writeUInt32LE(ins.k >>> 0, i * 8 + 4);
  });
  return bytes;
}
