-- Aggregations into many groups over SSB's lineorder_flat (docs/benchmarks/README.md, "Results: large results")
SELECT lo_orderkey, sum(lo_revenue) AS revenue FROM lineorder_flat GROUP BY lo_orderkey ORDER BY revenue DESC LIMIT 10
SELECT lo_orderkey, sum(lo_quantity) AS q FROM lineorder_flat GROUP BY lo_orderkey HAVING sum(lo_quantity) > 300 ORDER BY q DESC LIMIT 100
SELECT lo_partkey, avg(lo_quantity) AS a FROM lineorder_flat GROUP BY lo_partkey ORDER BY a DESC, lo_partkey LIMIT 20
SELECT lo_partkey, sum(lo_extendedprice) AS r FROM lineorder_flat GROUP BY lo_partkey ORDER BY r DESC LIMIT 10
SELECT lo_custkey, count(*) AS c, sum(lo_revenue) FROM lineorder_flat GROUP BY lo_custkey HAVING count(*) > 230
SELECT lo_suppkey, sum(lo_revenue) AS r FROM lineorder_flat WHERE lo_discount BETWEEN 1 AND 3 GROUP BY lo_suppkey ORDER BY r DESC LIMIT 10
