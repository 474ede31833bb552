SELECT sum(lo_revenue), d_year, p_brand1
FROM lineorder_flat
WHERE p_brand1 = 'MFGR#2239'
  AND s_region = 'EUROPE'
GROUP BY d_year, p_brand1
ORDER BY d_year, p_brand1
