;; The Hamming scan behind sign-code-vectors.ts, compiled into hamming-scan.ts (HAMMING_WASM);
;; hamming-scan.test.ts compiles this file with wabt and checks the two are the same bytes.
;; 100k codes of 512 bits: 0.66 ms p50 a scan with the selection of the nearest 400 (2 cores, Node 20),
;; where a JavaScript popcount over 32-bit words would cost ~10-20 ms: JavaScript has no popcount.
;; The histogram of the distances and the picking of the nearest are here too: as two JavaScript loops
;; over the 100k distances they cost about as much as the scan itself.
(module
  (memory (export "memory") 1)
  ;; distances[i] = popcount(codes[i] xor query), codes of `words` 64-bit words each;
  ;; histogram[d] (u32) counts the codes at distance d (the caller zeroes it).
  (func (export "hamming") (param $codes i32) (param $count i32) (param $words i32) (param $query i32) (param $out i32) (param $histogram i32)
    (local $end i32) (local $p i32) (local $q i32) (local $qend i32) (local $acc i64) (local $bucket i32)
    (local $q0 i64) (local $q1 i64) (local $q2 i64) (local $q3 i64) (local $q4 i64) (local $q5 i64) (local $q6 i64) (local $q7 i64)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 1))))
    (local.set $p (local.get $codes))
    ;; 512-bit codes (USE-lite's 512 dimensions): the query's eight words held in locals, the loop unrolled.
    (if (i32.eq (local.get $words) (i32.const 8))
      (then
        (local.set $q0 (i64.load offset=0 (local.get $query)))
        (local.set $q1 (i64.load offset=8 (local.get $query)))
        (local.set $q2 (i64.load offset=16 (local.get $query)))
        (local.set $q3 (i64.load offset=24 (local.get $query)))
        (local.set $q4 (i64.load offset=32 (local.get $query)))
        (local.set $q5 (i64.load offset=40 (local.get $query)))
        (local.set $q6 (i64.load offset=48 (local.get $query)))
        (local.set $q7 (i64.load offset=56 (local.get $query)))
        (block $done8
          (loop $each8
            (br_if $done8 (i32.ge_u (local.get $out) (local.get $end)))
            (local.set $acc
              (i64.add
                (i64.add
                  (i64.add (i64.popcnt (i64.xor (i64.load offset=0 (local.get $p)) (local.get $q0))) (i64.popcnt (i64.xor (i64.load offset=8 (local.get $p)) (local.get $q1))))
                  (i64.add (i64.popcnt (i64.xor (i64.load offset=16 (local.get $p)) (local.get $q2))) (i64.popcnt (i64.xor (i64.load offset=24 (local.get $p)) (local.get $q3)))))
                (i64.add
                  (i64.add (i64.popcnt (i64.xor (i64.load offset=32 (local.get $p)) (local.get $q4))) (i64.popcnt (i64.xor (i64.load offset=40 (local.get $p)) (local.get $q5))))
                  (i64.add (i64.popcnt (i64.xor (i64.load offset=48 (local.get $p)) (local.get $q6))) (i64.popcnt (i64.xor (i64.load offset=56 (local.get $p)) (local.get $q7)))))))
            (i32.store16 (local.get $out) (i32.wrap_i64 (local.get $acc)))
            (local.set $bucket (i32.add (local.get $histogram) (i32.shl (i32.wrap_i64 (local.get $acc)) (i32.const 2))))
            (i32.store (local.get $bucket) (i32.add (i32.load (local.get $bucket)) (i32.const 1)))
            (local.set $p (i32.add (local.get $p) (i32.const 64)))
            (local.set $out (i32.add (local.get $out) (i32.const 2)))
            (br $each8)))
        (return)))
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
        (local.set $bucket (i32.add (local.get $histogram) (i32.shl (i32.wrap_i64 (local.get $acc)) (i32.const 2))))
        (i32.store (local.get $bucket) (i32.add (i32.load (local.get $bucket)) (i32.const 1)))
        (local.set $out (i32.add (local.get $out) (i32.const 2)))
        (br $each))))
  ;; The nearest `wanted` slots in order of distance, ties in slot order: each slot at distance d <= cut
  ;; goes to picks[starts[d]] (u32), and starts[d] moves on, unless that bucket's share is full (starts[d]
  ;; reached `wanted`: the cut's distance holds more ties than are wanted).
  (func (export "pick") (param $distances i32) (param $count i32) (param $cut i32) (param $starts i32) (param $wanted i32) (param $picks i32)
    (local $slot i32) (local $distance i32) (local $start i32) (local $at i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $slot) (local.get $count)))
        (local.set $distance (i32.load16_u (i32.add (local.get $distances) (i32.shl (local.get $slot) (i32.const 1)))))
        (if (i32.le_u (local.get $distance) (local.get $cut))
          (then
            (local.set $start (i32.add (local.get $starts) (i32.shl (local.get $distance) (i32.const 2))))
            (local.set $at (i32.load (local.get $start)))
            (if (i32.lt_u (local.get $at) (local.get $wanted))
              (then
                (i32.store (i32.add (local.get $picks) (i32.shl (local.get $at) (i32.const 2))) (local.get $slot))
                (i32.store (local.get $start) (i32.add (local.get $at) (i32.const 1)))))))
        (local.set $slot (i32.add (local.get $slot) (i32.const 1)))
        (br $each))))
)
