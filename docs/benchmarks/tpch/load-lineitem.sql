-- TPC-H's lineitem from the reference dbgen's lineitem.tbl* files in the working directory (dbgen -T L).
CREATE TABLE lineitem AS SELECT * EXCLUDE (l_end) FROM read_csv('lineitem.tbl*', delim = '|', header = false,
  columns = {'l_orderkey': 'BIGINT', 'l_partkey': 'INTEGER', 'l_suppkey': 'INTEGER', 'l_linenumber': 'INTEGER',
             'l_quantity': 'DECIMAL(15,2)', 'l_extendedprice': 'DECIMAL(15,2)', 'l_discount': 'DECIMAL(15,2)',
             'l_tax': 'DECIMAL(15,2)', 'l_returnflag': 'VARCHAR', 'l_linestatus': 'VARCHAR', 'l_shipdate': 'DATE',
             'l_commitdate': 'DATE', 'l_receiptdate': 'DATE', 'l_shipinstruct': 'VARCHAR', 'l_shipmode': 'VARCHAR',
             'l_comment': 'VARCHAR', 'l_end': 'VARCHAR'});
CHECKPOINT
