/** RTScan's sieving bit vectors and RayDB's BVH catalog (the triangle geometry of each attribute set). */
package org.raydb.offload.index;
