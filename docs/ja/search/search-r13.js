(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r13.js"]=[["diffusion/ddim/index.html","ノイズ除去拡散暗黙モデル（DDIM）","DDIMSampler.sample-5","サンプリング","","x"]];
