-- Single-table questions over TPC-H's lineitem and orders, as analysts write them: one statement per line.
-- Pricing summary and its variants
SELECT l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice), avg(l_discount), count(*) FROM lineitem WHERE l_shipdate <= DATE '1998-09-02' GROUP BY l_returnflag, l_linestatus ORDER BY l_returnflag, l_linestatus
SELECT sum(l_extendedprice * l_discount) AS revenue FROM lineitem WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01' AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24
SELECT l_shipmode, count(*) AS lines, sum(l_quantity) AS qty FROM lineitem GROUP BY l_shipmode ORDER BY lines DESC
SELECT l_returnflag, sum(l_extendedprice * (1 - l_discount)) AS net FROM lineitem WHERE l_shipdate >= DATE '1996-01-01' GROUP BY l_returnflag ORDER BY net DESC
SELECT l_linestatus, min(l_extendedprice), max(l_extendedprice), avg(l_quantity) FROM lineitem GROUP BY l_linestatus ORDER BY 1
SELECT count(*) FROM lineitem WHERE l_shipinstruct = 'DELIVER IN PERSON' AND l_shipmode IN ('AIR', 'AIR REG')
SELECT l_shipinstruct, sum(l_quantity) FROM lineitem WHERE l_quantity BETWEEN 10 AND 20 GROUP BY l_shipinstruct ORDER BY 2 DESC
SELECT l_suppkey, sum(l_extendedprice * (1 - l_discount)) AS revenue FROM lineitem WHERE l_shipdate >= DATE '1996-01-01' AND l_shipdate < DATE '1996-04-01' GROUP BY l_suppkey ORDER BY revenue DESC LIMIT 10
SELECT l_partkey, avg(l_quantity) FROM lineitem GROUP BY l_partkey ORDER BY 2 DESC LIMIT 20
SELECT l_orderkey, sum(l_quantity) AS q FROM lineitem GROUP BY l_orderkey HAVING sum(l_quantity) > 250 ORDER BY q DESC LIMIT 20
SELECT l_linenumber, count(*) FROM lineitem GROUP BY l_linenumber ORDER BY l_linenumber
SELECT l_tax, count(*) FROM lineitem WHERE l_returnflag = 'R' GROUP BY l_tax ORDER BY l_tax
SELECT l_discount, sum(l_extendedprice) FROM lineitem WHERE l_shipmode = 'TRUCK' GROUP BY l_discount ORDER BY l_discount
SELECT count(*), sum(l_quantity) FROM lineitem WHERE l_receiptdate > DATE '1997-06-30' AND l_returnflag <> 'N'
SELECT l_shipmode, l_returnflag, count(*) FROM lineitem WHERE l_shipdate BETWEEN DATE '1995-03-01' AND DATE '1995-09-30' GROUP BY l_shipmode, l_returnflag ORDER BY 1, 2
SELECT sum(l_extendedprice) / sum(l_quantity) AS price_per_unit FROM lineitem WHERE l_shipmode = 'RAIL'
SELECT l_shipmode, max(l_discount), min(l_tax) FROM lineitem WHERE l_linestatus = 'O' GROUP BY l_shipmode ORDER BY 1
SELECT l_returnflag, count(*) * 100.0 / sum(count(*)) OVER () AS share FROM lineitem GROUP BY l_returnflag ORDER BY 1
SELECT l_suppkey, count(*) AS late FROM lineitem WHERE l_linestatus = 'F' AND l_quantity > 45 GROUP BY l_suppkey ORDER BY late DESC, l_suppkey LIMIT 5
SELECT avg(l_extendedprice), avg(l_discount), avg(l_tax) FROM lineitem WHERE l_shipdate >= DATE '1998-01-01'
SELECT l_shipinstruct, l_shipmode, sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)) AS charge FROM lineitem GROUP BY l_shipinstruct, l_shipmode ORDER BY charge DESC LIMIT 5
SELECT max(l_quantity), min(l_quantity) FROM lineitem WHERE l_partkey = 1234
SELECT count(*) FROM lineitem WHERE l_orderkey BETWEEN 1000 AND 5000
SELECT l_returnflag, sum(l_quantity) FROM lineitem WHERE l_discount = 0.04 GROUP BY ALL ORDER BY 1
SELECT l_linestatus, l_returnflag, avg(l_extendedprice) AS avg_price FROM lineitem WHERE l_tax >= 0.05 GROUP BY 1, 2 ORDER BY 3 DESC
-- Orders
SELECT o_orderstatus, count(*), sum(o_totalprice) FROM orders GROUP BY o_orderstatus ORDER BY o_orderstatus
SELECT o_orderpriority, count(*) AS order_count FROM orders WHERE o_orderdate >= DATE '1993-07-01' AND o_orderdate < DATE '1993-10-01' GROUP BY o_orderpriority ORDER BY o_orderpriority
SELECT o_custkey, sum(o_totalprice) AS spent FROM orders GROUP BY o_custkey ORDER BY spent DESC LIMIT 10
SELECT o_custkey, count(*) FROM orders GROUP BY o_custkey HAVING count(*) > 20 ORDER BY 2 DESC, 1
SELECT o_clerk, count(*), avg(o_totalprice) FROM orders WHERE o_orderstatus = 'F' GROUP BY o_clerk ORDER BY 2 DESC, 1 LIMIT 10
SELECT o_shippriority, max(o_totalprice) FROM orders GROUP BY o_shippriority
SELECT count(*) FROM orders WHERE o_totalprice > 300000
SELECT o_orderstatus, min(o_totalprice), max(o_totalprice) FROM orders WHERE o_orderpriority IN ('1-URGENT', '2-HIGH') GROUP BY o_orderstatus ORDER BY 1
SELECT sum(o_totalprice) FROM orders WHERE o_orderdate BETWEEN DATE '1995-01-01' AND DATE '1995-12-31' AND o_orderstatus <> 'P'
SELECT o_orderpriority, o_orderstatus, count(*) FROM orders GROUP BY o_orderpriority, o_orderstatus ORDER BY 1, 2
SELECT avg(o_totalprice) FROM orders WHERE o_custkey = 4711
SELECT o_clerk, sum(o_totalprice) AS total FROM orders WHERE o_orderdate >= DATE '1997-01-01' GROUP BY o_clerk ORDER BY total DESC LIMIT 3
SELECT count(*), avg(o_totalprice) FROM orders WHERE o_orderpriority = '5-LOW' AND o_totalprice BETWEEN 1000 AND 50000
SELECT o_custkey, min(o_totalprice) FROM orders WHERE o_orderstatus = 'O' GROUP BY o_custkey ORDER BY 2 LIMIT 5
SELECT o_orderstatus, count(*) FROM orders WHERE o_orderkey < 100000 GROUP BY o_orderstatus ORDER BY 1
-- Functions of one column in group keys and filters
SELECT year(l_shipdate) AS y, sum(l_quantity) FROM lineitem GROUP BY year(l_shipdate) ORDER BY y
SELECT extract(year FROM o_orderdate) AS y, count(*), sum(o_totalprice) FROM orders GROUP BY y ORDER BY y
SELECT date_trunc('month', l_shipdate) AS m, count(*) FROM lineitem WHERE l_shipdate >= DATE '1998-01-01' GROUP BY 1 ORDER BY 1
SELECT substring(o_orderpriority, 1, 1) AS p, count(*) FROM orders GROUP BY p ORDER BY p
SELECT lower(l_shipmode) AS mode, sum(l_extendedprice) FROM lineitem GROUP BY mode ORDER BY mode
SELECT count(*) FROM lineitem WHERE year(l_receiptdate) = 1996
SELECT datediff('day', l_shipdate, l_receiptdate) AS transit, count(*) FROM lineitem GROUP BY transit ORDER BY transit
-- LIKE and friends
SELECT count(*) FROM orders WHERE o_comment NOT LIKE '%special%requests%'
SELECT l_shipmode, count(*) FROM lineitem WHERE l_shipmode LIKE '%AIR%' GROUP BY l_shipmode ORDER BY 1
SELECT sum(l_quantity) FROM lineitem WHERE l_shipinstruct LIKE 'TAKE%' OR l_shipinstruct LIKE 'COLLECT%'
SELECT o_clerk, count(*) FROM orders WHERE o_clerk ILIKE '%00001%' GROUP BY o_clerk ORDER BY 1
SELECT count(*) FROM lineitem WHERE regexp_matches(l_comment, 'furious(ly)?')
SELECT count(*) FROM lineitem WHERE l_shipmode LIKE 'REG%'
-- Conditional aggregates
SELECT l_returnflag, sum(CASE WHEN l_shipmode = 'MAIL' OR l_shipmode = 'SHIP' THEN 1 ELSE 0 END) AS by_sea_or_mail FROM lineitem GROUP BY l_returnflag ORDER BY 1
SELECT l_shipmode, sum(CASE WHEN l_shipinstruct = 'DELIVER IN PERSON' THEN 1 ELSE 0 END) AS in_person, sum(CASE WHEN l_shipinstruct <> 'DELIVER IN PERSON' THEN 1 ELSE 0 END) AS other FROM lineitem GROUP BY l_shipmode ORDER BY 1
SELECT 100.00 * sum(CASE WHEN l_shipmode LIKE '%AIR%' THEN l_extendedprice * (1 - l_discount) ELSE 0 END) / sum(l_extendedprice * (1 - l_discount)) AS air_share FROM lineitem WHERE l_shipdate >= DATE '1995-09-01' AND l_shipdate < DATE '1995-10-01'
SELECT l_returnflag, sum(CASE WHEN l_linestatus = 'O' THEN l_quantity END) AS open_qty FROM lineitem GROUP BY l_returnflag ORDER BY 1
SELECT o_orderstatus, count(*) FILTER (WHERE o_totalprice > 200000) AS big FROM orders GROUP BY o_orderstatus ORDER BY 1
-- Two columns of one row
SELECT count(*) FROM lineitem WHERE l_commitdate < l_receiptdate
SELECT l_shipmode, count(*) FROM lineitem WHERE l_receiptdate > l_commitdate AND l_shipdate < l_commitdate GROUP BY l_shipmode ORDER BY 1
-- Extremes of dates and strings
SELECT l_shipmode, min(l_shipdate), max(l_receiptdate) FROM lineitem GROUP BY l_shipmode ORDER BY 1
SELECT o_orderstatus, max(o_orderdate) FROM orders GROUP BY o_orderstatus ORDER BY 1
SELECT l_returnflag, min(l_shipinstruct) FROM lineitem GROUP BY l_returnflag ORDER BY 1
-- Distinct counts
SELECT count(DISTINCT l_suppkey) FROM lineitem WHERE l_shipdate >= DATE '1996-01-01'
SELECT o_orderstatus, count(DISTINCT o_custkey) FROM orders GROUP BY o_orderstatus ORDER BY 1
-- Arithmetic in a filter, DECIMAL bounds of another scale
SELECT count(*) FROM lineitem WHERE l_extendedprice * (1 - l_discount) > 50000
SELECT sum(l_extendedprice * l_discount) FROM lineitem WHERE l_discount BETWEEN 0.055 AND 0.065 AND l_quantity < 24
SELECT count(*) FROM lineitem WHERE l_tax > 0.035
-- Views and temporary tables
SELECT l_shipmode, sum(l_quantity) FROM shipped_1995 GROUP BY l_shipmode ORDER BY 1
SELECT count(*), sum(l_extendedprice) FROM shipped_1995 WHERE l_returnflag = 'A'
SELECT o_orderpriority, count(*) FROM urgent_orders GROUP BY o_orderpriority ORDER BY 1
SELECT sum(o_totalprice) FROM urgent_orders WHERE o_orderstatus = 'F'
-- More of what dashboards send
SELECT l_shipmode, sum(l_extendedprice * (1 - l_discount)) FROM lineitem WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01' GROUP BY l_shipmode ORDER BY 2 DESC
SELECT l_returnflag, l_linestatus, count(*) FROM lineitem WHERE l_quantity >= 30 AND l_discount <= 0.02 GROUP BY l_returnflag, l_linestatus ORDER BY 1, 2
SELECT o_orderpriority, avg(o_totalprice) FROM orders WHERE o_orderdate >= DATE '1996-01-01' AND o_orderdate < DATE '1997-01-01' GROUP BY o_orderpriority ORDER BY 1
SELECT l_partkey, sum(l_quantity) AS qty FROM lineitem WHERE l_shipmode = 'SHIP' GROUP BY l_partkey ORDER BY qty DESC, l_partkey LIMIT 10
SELECT count(*) FROM orders WHERE o_orderstatus = 'P' AND o_orderdate < DATE '1995-06-17'
SELECT max(l_extendedprice * (1 - l_discount)) FROM lineitem WHERE l_returnflag = 'R' AND l_shipmode IN ('MAIL', 'SHIP')
SELECT l_suppkey, min(l_discount), max(l_discount), count(*) FROM lineitem WHERE l_suppkey BETWEEN 10 AND 20 GROUP BY l_suppkey ORDER BY 1
SELECT o_shippriority, o_orderstatus, sum(o_totalprice) FROM orders WHERE o_totalprice < 100000 GROUP BY o_shippriority, o_orderstatus ORDER BY 1, 2
