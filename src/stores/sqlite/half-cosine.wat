;; The dot products behind vector-codes.ts's cosinesOfConcatenated, compiled into half-cosine.ts (HALF_COSINE_WASM);
;; half-cosine.test.ts compiles this file with wabt and checks the two are the same bytes.
;; Each half-precision component is read through the float32 table of every half bit pattern (at `table`),
;; widened to f64 as JavaScript widens it, and summed in f64 in the same order as the JavaScript loop, so the
;; sums are the same to the last bit; the loop costs about half as much here.
(module
  (memory (export "memory") 1)
  ;; For each of `count` vectors of `dimensions` halves at `vectors`: the f64 dot product with the f32 query at
  ;; `query` and the vector's f64 squared norm, stored as two f64 at out + 16 * vector.
  (func (export "dots") (param $table i32) (param $vectors i32) (param $count i32) (param $dimensions i32) (param $query i32) (param $out i32)
    (local $vector i32) (local $index i32) (local $p i32) (local $q i32) (local $dot f64) (local $norm f64) (local $value f64)
    (local.set $p (local.get $vectors))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $vector) (local.get $count)))
        (local.set $dot (f64.const 0))
        (local.set $norm (f64.const 0))
        (local.set $q (local.get $query))
        (local.set $index (i32.const 0))
        (block $end
          (loop $component
            (br_if $end (i32.ge_u (local.get $index) (local.get $dimensions)))
            (local.set $value (f64.promote_f32 (f32.load (i32.add (local.get $table) (i32.shl (i32.load16_u (local.get $p)) (i32.const 2))))))
            (local.set $dot (f64.add (local.get $dot) (f64.mul (local.get $value) (f64.promote_f32 (f32.load (local.get $q))))))
            (local.set $norm (f64.add (local.get $norm) (f64.mul (local.get $value) (local.get $value))))
            (local.set $p (i32.add (local.get $p) (i32.const 2)))
            (local.set $q (i32.add (local.get $q) (i32.const 4)))
            (local.set $index (i32.add (local.get $index) (i32.const 1)))
            (br $component)))
        (f64.store (i32.add (local.get $out) (i32.shl (local.get $vector) (i32.const 4))) (local.get $dot))
        (f64.store offset=8 (i32.add (local.get $out) (i32.shl (local.get $vector) (i32.const 4))) (local.get $norm))
        (local.set $vector (i32.add (local.get $vector) (i32.const 1)))
        (br $each))))
)
